import { message } from 'antd';
import { isSuccessCode, responseSign, signBody, type Envelope } from '@portal/contract/envelope';
import { clearSession, getRandomKey, getSession, isLoggedIn, setSession, announceSessionChange } from '../session.ts';
import { currentPath, go } from '../navigation.ts';
import { currentLang, i18n } from '../i18n.ts';

const SECRET = import.meta.env.VITE_RESPONSE_SECRET as string;
/** Red toasts show for one second (document 1, section 9). */
export const TOAST_SECONDS = 1;

export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** JSON body; signed when a member is logged in (see ARCHITECTURE.md, "Request path"). */
  body?: unknown;
  /** Form-encoded body (plain). */
  form?: Record<string, string | number | undefined>;
  /** Multipart upload (plain). */
  formData?: FormData;
  /** Do not sign this JSON body (login-stage calls). */
  plain?: boolean;
  /** Return non-success envelopes instead of toasting and throwing. */
  raw?: boolean;
  /** Throw without the red toast (the caller shows its own message). */
  silent?: boolean;
  /** Do not redirect to /login on 700 (e.g. the header's quiet member-info refresh). */
  noLoginRedirect?: boolean;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

function toast(text: string) {
  if (text) void message.error(text, TOAST_SECONDS);
}

/** Code 700: forget the session, remember where the user was, go to /login. */
export function handleNotLoggedIn(): void {
  const here = currentPath();
  clearSession();
  announceSessionChange();
  if (!here.startsWith('/login')) setSession('url', here);
  go('/login');
}

/** One call of the portal API: headers, signing, envelope and signature checks, errors. */
export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { lang: currentLang(), accept: 'application/json' };
  const token = getSession('token');
  const memberId = getSession('memberId');
  if (token) headers.authorization = `Bearer ${token}`;
  if (memberId) headers.memberId = memberId;
  let body: BodyInit | undefined;
  if (opts.formData) body = opts.formData;
  else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.form)) if (v !== undefined) p.set(k, String(v));
    body = p.toString();
  } else if (method === 'POST') {
    headers['content-type'] = 'application/json;charset=UTF-8';
    const key = getRandomKey();
    const payload = opts.body ?? {};
    body = JSON.stringify(!opts.plain && isLoggedIn() && key ? signBody(payload, key) : payload);
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method, headers, body, signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    const text = i18n.t('common.networkError');
    if (!opts.silent) toast(text);
    throw new ApiError(-2, text);
  }

  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    // Transport errors: show the body's message when there is one.
    const text = res.statusText || i18n.t('common.networkError');
    if (!opts.silent) toast(text);
    throw new ApiError(res.status, text);
  }
  const msgText = env.msg ?? (env as unknown as { message?: string }).message ?? '';
  if (typeof env.code !== 'number' || env.sign !== responseSign(env.code, env.timestamp, SECRET)) {
    const text = i18n.t('msg.error.signature');
    if (!opts.silent) toast(text);
    throw new ApiError(-3, text);
  }
  if (env.code === 700) {
    if (!opts.noLoginRedirect) handleNotLoggedIn();
    throw new ApiError(700, msgText);
  }
  if (isSuccessCode(env.code) || opts.raw) return env;
  if (!opts.silent) toast(msgText);
  throw new ApiError(env.code, msgText, env.data);
}

export const apiGet = <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts).then((e) => e.data);
export const apiPost = <T>(path: string, opts?: RequestOptions) => request<T>('POST', path, opts).then((e) => e.data);
