import { createElement, Fragment, type ReactNode } from 'react';
import { isSuccessCode, responseSign, type Envelope } from '@portal/contract/envelope';
import { currentLang, i18n } from '../i18n-core.ts';
import { showToast } from './toaster.ts';

/**
 * The one HTTP core of the portal (client.ts) and the console (features/console/console-api.ts):
 * the request line, the envelope, its signature check and the errors. Each side adds only its
 * own session: the member's token and body signing, or the staff token.
 */

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

export type Query = Record<string, string | number | boolean | undefined | null>;

/** The path with its query; undefined and null values are left out (and empty strings when asked). */
export function buildUrl(path: string, query?: Query, dropEmpty = false): string {
  if (!query) return path;
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && !(dropEmpty && v === '')) p.set(k, String(v));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

export function toast(text: string, requestId?: string | null) {
  if (!text) return;
  showToast(requestId ? withErrorId(text, requestId) : text, TOAST_SECONDS);
}

/**
 * The server's message in an element of its own and the answer's request id beside it, so the
 * message reads (and is found) as the server wrote it, and customer service can find the log line.
 */
function withErrorId(text: string, id: string): ReactNode {
  return createElement(
    Fragment,
    null,
    createElement('span', null, text),
    createElement('span', { className: 'toast-error-id' }, i18n.t('common.errorId', { id })),
  );
}

/** The headers every call carries: the caller's language, JSON answers. */
export const baseHeaders = (): Record<string, string> => ({ lang: currentLang(), accept: 'application/json' });

export interface CoreOptions {
  /** Return non-success envelopes instead of toasting and throwing. */
  raw?: boolean;
  /** Throw without the red toast (the caller shows its own message). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Code 700: what this side does with its session (the error is thrown after it). */
  onNotLoggedIn: () => void;
}

/** One API call: fetch, the envelope and its signature, 700, the red toast and ApiError. */
export async function callApi<T>(
  method: 'GET' | 'POST',
  url: string,
  init: { headers: Record<string, string>; body?: BodyInit },
  opts: CoreOptions,
): Promise<Envelope<T>> {
  let res: Response | undefined;
  const fail = (code: number, text: string, data: unknown = null): never => {
    // The answer's request id (x-request-id) in the toast, so customer service can find its log line.
    const id = res?.headers.get('x-request-id');
    if (!opts.silent) toast(text, id);
    throw new ApiError(code, text, data);
  };
  try {
    res = await fetch(url, { method, headers: init.headers, body: init.body, signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    return fail(-2, i18n.t('common.networkError'));
  }
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    // Transport errors: show the body's message when there is one.
    return fail(res.status, res.statusText || i18n.t('common.networkError'));
  }
  const msgText = env.msg ?? (env as unknown as { message?: string }).message ?? '';
  if (typeof env.code !== 'number' || env.sign !== responseSign(env.code, env.timestamp, SECRET))
    return fail(-3, i18n.t('msg.error.signature'));
  if (env.code === 700) {
    opts.onNotLoggedIn();
    throw new ApiError(700, msgText);
  }
  if (isSuccessCode(env.code) || opts.raw) return env;
  return fail(env.code, msgText, env.data);
}
