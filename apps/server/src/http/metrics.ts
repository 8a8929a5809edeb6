import fp from 'fastify-plugin';
import { httpDuration, registry } from '../lib/metrics.ts';

/** Request metrics by route template (never the raw URL, which holds ids and codes) and /metrics. */
export const metricsPlugin = fp(
  async (app) => {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });
    app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
