import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { addRouteOnRequest } from './route-hooks.ts';
import { isApiPath, isApiRoute, type NotFoundHooks } from './routed-path.ts';

/**
 * The security headers of a document (a page, a sandbox page, a static file): helmet's defaults
 * with the site's content policy. None of them depends on the request, so helmet runs once, at
 * start-up, against a recording response (its middleware otherwise builds each header string
 * again on every request, and @fastify/helmet rebuilt the middleware itself each time).
 */
const middleware = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'https:'],
      formAction: ["'self'", 'https:'],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers helmet sets, as [lower-case name, value], computed once. */
export const DOCUMENT_HEADERS: readonly (readonly [string, string])[] = (() => {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
    getHeader: (name: string) => set.get(name.toLowerCase()),
  };
  let failed: unknown = null;
  middleware({ headers: {} } as never, res as never, (err?: unknown) => (failed = err ?? null));
  if (failed) throw failed;
  return [...set];
})();

/**
 * The security headers of an API answer (everything under /api/: JSON, errors, photos, form files),
 * as OWASP's REST cheat sheet sets them. An answer is never a document: nothing in it may load or
 * run (default-src 'none'), nothing may frame it (frame-ancestors 'none', which every browser in
 * use honours in place of X-Frame-Options), no browser may read it as another type, no other site
 * may pull it into a page (a photo, a list of ID numbers), and HTTPS stays on for the host. A
 * document's referrer, opener, XSS-auditor and prefetch headers say nothing to a JSON answer, and
 * the helmet set was some 700 bytes of every one, with a header line each for the client to parse.
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['strict-transport-security', DOCUMENT_HEADERS.find(([n]) => n === 'strict-transport-security')![1]],
  ['x-content-type-options', 'nosniff'],
];

/** Sets a header list on the raw response: no per-request allocation. */
function setAll(set: readonly (readonly [string, string])[]): onRequestHookHandler {
  return (_req, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < set.length; i++) raw.setHeader(set[i]![0], set[i]![1]);
    done();
  };
}

/**
 * Each route gets its set as it is registered, on its template (routed-path.ts): an API route the
 * API's, any other a document's. A path that matched no route gets the set of the path as the
 * router read it, in the not-found handler's hooks.
 */
export const securityHeadersPlugin = fp(
  async (app, opts: { notFound: NotFoundHooks }) => {
    const api = setAll(API_HEADERS);
    const document = setAll(DOCUMENT_HEADERS);
    app.addHook('onRoute', (r) => addRouteOnRequest(r, isApiRoute(r) ? api : document));
    opts.notFound.push((req, reply, done) => (isApiPath(req.url) ? api : document).call(app, req, reply, done));
  },
  { name: 'security-headers' },
);
