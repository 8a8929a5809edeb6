import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../../test/helpers.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

it('exposes request metrics by route template in Prometheus format', async () => {
  await app.inject({ url: '/api/health' });
  await app.inject({ url: '/api/dev/outbox?to=13800138000' });
  const r = await app.inject({ url: '/metrics' });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toContain('text/plain');
  expect(r.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+/);
  // Query strings (mobiles, codes) never become labels.
  expect(r.body).not.toContain('13800138000');
});

it('answers liveness and readiness separately', async () => {
  const live = await app.inject({ url: '/api/health/live' });
  const ready = await app.inject({ url: '/api/health/ready' });
  expect(live.json().data.status).toBe('ok');
  expect(ready.json().data.migrations).toBeGreaterThan(0);
});
