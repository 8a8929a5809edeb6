import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import { httpDuration, registry } from '../lib/metrics.ts';

/** Whether an Authorization header carries the bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && crypto.timingSafeEqual(given, want);
}

/**
 * Request metrics by route template (never the raw URL, which holds ids and codes) and /metrics.
 * With a token (required in production, config METRICS_TOKEN) /metrics answers only a scraper
 * sending "Authorization: Bearer <token>": route names, rates and internals are not for the public.
 */
export const metricsPlugin = fp(
  async (app, opts: { token?: string }) => {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .type('text/plain')
          .send('unauthorized\n');
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
