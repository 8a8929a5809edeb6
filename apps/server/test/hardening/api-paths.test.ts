import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PORTAL_API } from '@portal/contract/api-paths';
import { testApp } from '../helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  await app.close();
});

/** Routes the web never calls: health, metrics, docs, platform notifications, dev hooks, sandbox pages. */
const notPortal = (url: string) =>
  !url.startsWith('/api/') || /^\/api\/(console|dev|docs|health|pay\/notify)(\/|$)/.test(url);

/**
 * The contract's portal path list (the only paths the web's client accepts), generated into a
 * test: every path in it is a registered route with that method, and every portal route is in it.
 */
describe('portal API paths', () => {
  it('lists every portal route, and nothing the server does not answer', () => {
    const registered = [
      ...new Set(
        app.routeTable.filter((r) => r.method !== 'HEAD' && !notPortal(r.url)).map((r) => `${r.method} ${r.url}`),
      ),
    ];
    const listed: readonly string[] = PORTAL_API;
    expect(registered.filter((k) => !listed.includes(k))).toEqual([]);
    expect(listed.filter((k) => !registered.includes(k))).toEqual([]);
  });
});
