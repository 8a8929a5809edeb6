import type { SessionKey } from '@portal/contract/routes';

/**
 * Session values (document 1, section 3) live in session storage. The signing
 * randomKey is also kept in local storage, the document's other reading.
 */
export function getSession(key: SessionKey): string | null {
  return sessionStorage.getItem(key);
}

export function setSession(key: SessionKey, value: string | number | boolean | null | undefined): void {
  if (value === null || value === undefined) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, String(value));
  if (key === 'randomKey') {
    if (value === null || value === undefined) localStorage.removeItem('randomKey');
    else localStorage.setItem('randomKey', String(value));
  }
}

export function getRandomKey(): string | null {
  return sessionStorage.getItem('randomKey') ?? localStorage.getItem('randomKey');
}

export function isLoggedIn(): boolean {
  return sessionStorage.getItem('isLogin') === 'true' && !!sessionStorage.getItem('token');
}

export function isFirst(): boolean {
  const v = sessionStorage.getItem('isFirst');
  return v === 'true' || v === '1';
}

export interface LoginResult {
  token: string;
  randomKey: string;
  memberId: number | string;
  isFirst: boolean | number;
}

export function storeLogin(r: LoginResult): void {
  setSession('token', r.token);
  setSession('randomKey', r.randomKey);
  setSession('memberId', r.memberId);
  setSession('isFirst', r.isFirst === true || r.isFirst === 1);
  setSession('isLogin', true);
}

/** Clears the login state; the language choice (local storage `lang`) stays. */
export function clearSession(): void {
  sessionStorage.clear();
  localStorage.removeItem('randomKey');
}

/** Session changes (login, logout) notify the header and guards. */
export const SESSION_EVENT = 'portal-session';
export function announceSessionChange(): void {
  window.dispatchEvent(new Event(SESSION_EVENT));
}
