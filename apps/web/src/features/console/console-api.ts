import type { Envelope } from '@portal/contract/envelope';
import type { ConsolePath, Method } from '@portal/contract/api-paths';
import type { ConsoleData } from '@portal/contract/api-responses';
import { currentLang, i18n } from '../../lib/i18n.ts';
import { ApiError, baseHeaders, buildUrl, callApi, type Query } from '../../lib/api/core.ts';

/** The staff token lives in this tab only; it is sent as x-staff-token, never as a member token. */
export const STAFF_TOKEN_KEY = 'staffToken';
export const STAFF_EVENT = 'console-session';

export const getStaffToken = () => sessionStorage.getItem(STAFF_TOKEN_KEY);
export function setStaffToken(token: string | null) {
  if (token) sessionStorage.setItem(STAFF_TOKEN_KEY, token);
  else sessionStorage.removeItem(STAFF_TOKEN_KEY);
  window.dispatchEvent(new Event(STAFF_EVENT));
}

/** The staff session's header, when logged in. */
const staffHeaders = (): Record<string, string> => {
  const token = getStaffToken();
  return token ? { 'x-staff-token': token } : {};
};

/**
 * One console API call: the staff token on the shared core (envelope, signature, red toast, 700).
 * The path decides the answer's type (CONSOLE_RESPONSES in the contract's api-responses.ts).
 */
export async function consoleRequest<M extends Method, P extends ConsolePath<M>>(
  method: M,
  path: P,
  opts: { query?: Query; body?: unknown; form?: FormData; silent?: boolean } = {},
): Promise<ConsoleData<M, P>> {
  const headers: Record<string, string> = { ...baseHeaders(), ...staffHeaders() };
  if (method === 'POST' && !opts.form) headers['content-type'] = 'application/json;charset=UTF-8';
  const body = method === 'POST' ? (opts.form ?? JSON.stringify(opts.body ?? {})) : undefined;
  const env: Envelope<ConsoleData<M, P>> = await callApi<ConsoleData<M, P>>(
    method,
    buildUrl(path, opts.query, true),
    { headers, body },
    { silent: opts.silent, onNotLoggedIn: () => setStaffToken(null) },
  );
  return env.data;
}

export const cGet = <P extends ConsolePath<'GET'>>(path: P, query?: Query) => consoleRequest('GET', path, { query });
export const cPost = <P extends ConsolePath<'POST'>>(path: P, body?: unknown) => consoleRequest('POST', path, { body });
/** A multipart POST (file uploads); the browser sets the boundary. */
export const cUpload = <P extends ConsolePath<'POST'>>(path: P, form: FormData) =>
  consoleRequest('POST', path, { form });

/** A staff-only image (photos): fetched with the token, shown through an object URL. */
export async function fetchStaffImage(path: string): Promise<string | null> {
  const res = await fetch(path, { headers: staffHeaders() });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) return null;
  return URL.createObjectURL(await res.blob());
}

/** A staff download (POST answering a file): saved through a temporary link; an envelope answer is an error. */
export async function downloadStaffFile(path: string, body: unknown): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: currentLang(), ...staffHeaders() },
    body: JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('json')) {
    const env = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new ApiError(res.status, env?.msg ?? i18n.t('common.networkError'));
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export.zip';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
