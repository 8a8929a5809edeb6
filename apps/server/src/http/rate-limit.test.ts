import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, testApp } from '../../test/helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp({ rateLimitPerMinute: 3 });
});
afterAll(async () => app.close());

describe('per-address limit on the API', () => {
  it('answers 429 with the documented message past the cap, per address, and never limits pages', async () => {
    const from = (ip: string) => call(app, { url: '/api/health/live', remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.1')).code).toBe(200);
    const over = await from('10.0.0.1');
    expect([over.status, over.msg]).toEqual([429, '操作过于频繁，请稍后再试']);
    // Another address has its own count.
    expect((await from('10.0.0.2')).code).toBe(200);
    // The web's pages and files are outside the limit.
    for (let i = 0; i < 5; i++) {
      const page = await app.inject({ method: 'GET', url: '/home', remoteAddress: '10.0.0.1' });
      expect(page.statusCode).not.toBe(429);
    }
  });
});
