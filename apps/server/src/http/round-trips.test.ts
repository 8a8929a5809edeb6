import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, memberSession, testApp, type Session } from '../../test/helpers.ts';
import { createdOrder } from '../../test/member-apps.ts';
import { consent, memberPhoto, orderFixtures, person } from '../modules/orders/test-kit.ts';

/**
 * Database round trips of a member's hot reads, counted at the driver (PGlite or pg pool): the
 * per-request cost that no timing on a shared machine shows reliably.
 */

let app: FastifyInstance;
let me: Session;
let orderId = 0;
let queries = 0;

beforeAll(async () => {
  app = await testApp();
  // Every statement goes through the client's query (prepared ones included) or a transaction.
  const client = (app.ctx.db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name]?.bind(client);
    if (!original) continue;
    client[name] = (...args: unknown[]) => {
      queries += 1;
      return original(...args);
    };
  }
  await orderFixtures(app);
  me = await memberSession(app, undefined, { name: '张三', isFirst: false });
  await consent(app, me);
  const photo = await memberPhoto(app, me.memberId);
  for (let i = 0; i < 3; i++) orderId = await createdOrder(app, me, person(photo));
});
afterAll(async () => app.close());

/** The round trips of one call, after one call that warmed the caches. */
async function roundTrips(url: string): Promise<number> {
  expect((await call(app, { url, session: me })).code).toBe(200);
  queries = 0;
  const r = await call(app, { url, session: me });
  expect(r.code).toBe(200);
  return queries;
}

describe('round trips per member read', () => {
  it('the cached order list: one (its fingerprint); the session comes from memory', async () => {
    expect(await roundTrips('/api/order/findOrderList?type=1')).toBe(1);
  });

  it('an order page: one (the order with its lines)', async () => {
    expect(await roundTrips(`/api/order/findOrderAndOrderDetails?id=${orderId}`)).toBe(1);
  });

  it('a public read with no member: none past the first', async () => {
    queries = 0;
    expect((await call(app, { url: '/api/health/live' })).code).toBe(200);
    expect(queries).toBe(0);
  });
});
