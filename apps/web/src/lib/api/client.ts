import { signBody, type Envelope } from '@portal/contract/envelope';
import type { Method, PortalPath } from '@portal/contract/api-paths';
import type { PortalData } from '@portal/contract/api-responses';
import { clearSession, getRandomKey, getSession, isLoggedIn, setSession, announceSessionChange } from '../session.ts';
import { currentPath, go } from '../navigation.ts';
import { baseHeaders, buildUrl, callApi } from './core.ts';

export { ApiError, TOAST_SECONDS } from './core.ts';

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

/** Code 700: forget the session, remember where the user was, go to /login. */
export function handleNotLoggedIn(): void {
  const here = currentPath();
  clearSession();
  announceSessionChange();
  if (!here.startsWith('/login')) setSession('url', here);
  go('/login');
}

/** The member's headers: the session token and member id, when logged in. */
export function memberHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getSession('token');
  const memberId = getSession('memberId');
  if (token) headers.authorization = `Bearer ${token}`;
  if (memberId) headers.memberId = memberId;
  return headers;
}

/**
 * One call of the portal API: the member's session and body signing on the shared core. The
 * path decides the answer's type (`PORTAL_RESPONSES` in the contract's api-responses.ts); a
 * caller cannot claim another.
 */
export async function request<M extends Method, P extends PortalPath<M>>(
  method: M,
  path: P,
  opts: RequestOptions = {},
): Promise<Envelope<PortalData<M, P>>> {
  const headers: Record<string, string> = { ...baseHeaders(), ...memberHeaders() };
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
  return callApi<PortalData<M, P>>(
    method,
    buildUrl(path, opts.query),
    { headers, body },
    {
      raw: opts.raw,
      silent: opts.silent,
      signal: opts.signal,
      onNotLoggedIn: () => {
        if (!opts.noLoginRedirect) handleNotLoggedIn();
      },
    },
  );
}

/** The data of a GET call; its type is the path's answer in the contract. */
export const apiGet = <P extends PortalPath<'GET'>>(path: P, opts?: RequestOptions) =>
  request('GET', path, opts).then((e) => e.data);
/** The data of a POST call; its type is the path's answer in the contract. */
export const apiPost = <P extends PortalPath<'POST'>>(path: P, opts?: RequestOptions) =>
  request('POST', path, opts).then((e) => e.data);
