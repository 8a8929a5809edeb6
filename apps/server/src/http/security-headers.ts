import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The security headers of every answer: helmet's defaults with the site's content policy.
 * None of them depends on the request, so helmet runs once, at start-up, against a recording
 * response, and every answer gets that list (helmet's middleware otherwise builds each header
 * string again on every request, and @fastify/helmet rebuilt the middleware itself each time).
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
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = (() => {
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

export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (_req, reply, done) => {
      const raw = reply.raw;
      for (let i = 0; i < SECURITY_HEADERS.length; i++) raw.setHeader(SECURITY_HEADERS[i]![0], SECURITY_HEADERS[i]![1]);
      done();
    });
  },
  { name: 'security-headers' },
);
