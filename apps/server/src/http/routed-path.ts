import type { onRequestHookHandler, RouteOptions } from 'fastify';

/**
 * Whether a request is the API's, decided on the path as the router took it, never on the raw
 * request line: the router decodes escapes (`/%61pi/health` is `/api/health`), so a check of the
 * raw line let such a path past the per-address limit and gave its answer a page's headers.
 *
 * A matched route is the API's when its template is under /api/, known when the route is
 * registered: the limit and the API headers are hooks of those routes alone (route-hooks.ts), and
 * no request pays for the decision. A path that matched no route is read as the router read it
 * (`isApiPath`), in the not-found handler's own hooks (`notFoundOptions`).
 */
export const isApiRoute = (r: Pick<RouteOptions, 'url'>): boolean => r.url.startsWith('/api/');

/**
 * A path that matched no route is the API's when its path part, decoded as the router decodes it
 * (find-my-way: `decodeURI`, which leaves the escapes of reserved characters such as %2F and %25
 * as they are), starts with /api/. Doubled slashes and capitals are not folded, as the router does
 * not fold them: `//api/x` and `/API/x` are pages, like every other path the router does not take
 * to the API.
 */
export function isApiPath(url: string): boolean {
  let end = url.length;
  const q = url.indexOf('?');
  if (q >= 0) end = q;
  const h = url.indexOf('#');
  if (h >= 0 && h < end) end = h;
  const path = end === url.length ? url : url.slice(0, end);
  if (path.startsWith('/api/')) return true;
  if (!path.includes('%')) return false;
  try {
    return decodeURI(path).startsWith('/api/');
  } catch {
    return false;
  }
}

/** The onRequest hooks the not-found answers run, filled by the plumbing plugins (app.ts passes one list to each). */
export type NotFoundHooks = onRequestHookHandler[];

/**
 * The not-found handler's options with its own onRequest hooks. Fastify builds the not-found
 * context's hooks from the instance's and, for every lifecycle hook, the options' own
 * (four-oh-four.js); its types name only preValidation and preHandler, which run after the body is
 * read. rate-limit.test.ts fails if a later Fastify stops running them.
 */
export function notFoundOptions(hooks: NotFoundHooks): Record<string, never> {
  return { onRequest: hooks } as unknown as Record<string, never>;
}
