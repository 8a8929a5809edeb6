import { message } from 'antd';
import { isSuccessCode, responseSign, type Envelope } from '@portal/contract/envelope';
import { currentLang, i18n } from '../../lib/i18n.ts';
import { TOAST_SECONDS, ApiError } from '../../lib/api/client.ts';

const SECRET = import.meta.env.VITE_RESPONSE_SECRET as string;
/** The staff token lives in this tab only; it is sent as x-staff-token, never as a member token. */
export const STAFF_TOKEN_KEY = 'staffToken';
export const STAFF_EVENT = 'console-session';

export const getStaffToken = () => sessionStorage.getItem(STAFF_TOKEN_KEY);
export function setStaffToken(token: string | null) {
  if (token) sessionStorage.setItem(STAFF_TOKEN_KEY, token);
  else sessionStorage.removeItem(STAFF_TOKEN_KEY);
  window.dispatchEvent(new Event(STAFF_EVENT));
}

type Query = Record<string, string | number | boolean | undefined | null>;

function url(path: string, query?: Query) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/** One console API call: staff token, envelope and signature checks, the red toast on failure. */
export async function consoleRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  opts: { query?: Query; body?: unknown; form?: FormData; silent?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { lang: currentLang(), accept: 'application/json' };
  const token = getStaffToken();
  if (token) headers['x-staff-token'] = token;
  if (method === 'POST' && !opts.form) headers['content-type'] = 'application/json;charset=UTF-8';
  let res: Response;
  try {
    res = await fetch(url(path, opts.query), {
      method,
      headers,
      body: method === 'POST' ? (opts.form ?? JSON.stringify(opts.body ?? {})) : undefined,
    });
  } catch {
    const text = i18n.t('common.networkError');
    if (!opts.silent) void message.error(text, TOAST_SECONDS);
    throw new ApiError(-2, text);
  }
  const env = (await res.json()) as Envelope<T>;
  if (env.sign !== responseSign(env.code, env.timestamp, SECRET)) {
    const text = i18n.t('msg.error.signature');
    if (!opts.silent) void message.error(text, TOAST_SECONDS);
    throw new ApiError(-3, text);
  }
  if (env.code === 700) {
    setStaffToken(null);
    throw new ApiError(700, env.msg);
  }
  if (!isSuccessCode(env.code)) {
    if (!opts.silent) void message.error(env.msg, TOAST_SECONDS);
    throw new ApiError(env.code, env.msg, env.data);
  }
  return env.data;
}

export const cGet = <T>(path: string, query?: Query) => consoleRequest<T>('GET', path, { query });
export const cPost = <T>(path: string, body?: unknown) => consoleRequest<T>('POST', path, { body });
/** A multipart POST (file uploads); the browser sets the boundary. */
export const cUpload = <T>(path: string, form: FormData) => consoleRequest<T>('POST', path, { form });

/** A staff-only image (photos): fetched with the token, shown through an object URL. */
export async function fetchStaffImage(path: string): Promise<string | null> {
  const token = getStaffToken();
  const res = await fetch(path, { headers: token ? { 'x-staff-token': token } : {} });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) return null;
  return URL.createObjectURL(await res.blob());
}

/** A staff download (POST answering a file): saved through a temporary link; an envelope answer is an error. */
export async function downloadStaffFile(path: string, body: unknown): Promise<void> {
  const token = getStaffToken();
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: currentLang(), ...(token ? { 'x-staff-token': token } : {}) },
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
