import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loadConfig, type Config } from '../config.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { REQUEST_ID_HEADER, trustedPeer } from './request-id.ts';

/** Issue 40, item 6: an id per request, on every answer and on its access line, never a stranger's. */

type Line = { reqId: string; req: { method: string; route: string; url: string }; res: { statusCode: number } };

async function appWithLog(overrides: Partial<Config>) {
  const lines: Line[] = [];
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'info' },
    { pgliteDir: ':memory:', dataKey: '11'.repeat(32), ...overrides },
  );
  const database = await openDatabase({ pgliteDir: ':memory:' });
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) {
        const o = JSON.parse(l) as Line & { msg: string };
        if (o.msg === 'request completed') lines.push(o);
      }
      cb();
    },
  });
  const app = await buildApp(config, { database, skipSeed: true, logStream: stream });
  app.addHook('onClose', async () => database.close());
  app.get('/api/test/item/:id', async () => ({ ok: true }));
  app.get('/api/test/num', { schema: { querystring: z.object({ n: z.coerce.number().int() }) } }, async () => ({}));
  app.get('/api/test/boom', async () => {
    throw new Error('internals');
  });
  // Lines are written together (log-lines.ts) or straight to the stream: wait until the one we want is there.
  const lineOf = async (id: string) => {
    for (let i = 0; i < 50 && !lines.some((l) => l.reqId === id); i++) await new Promise((r) => setTimeout(r, 20));
    return lines.find((l) => l.reqId === id);
  };
  return { app, lineOf };
}

describe('request ids without a trusted proxy', () => {
  let app: FastifyInstance;
  let lineOf: (id: string) => Promise<Line | undefined>;
  beforeAll(async () => {
    ({ app, lineOf } = await appWithLog({ trustProxy: false }));
  });
  afterAll(async () => app.close());

  it.each([
    ['success', '/api/health/live', 200, '/api/health/live'],
    ['a route with a parameter', '/api/test/item/42?x=1', 200, '/api/test/item/:id'],
    ['not found', '/api/no/such/route', 404, 'unmatched'],
    ['bad input', '/api/test/num?n=abc', 400, '/api/test/num'],
    ['a failure inside', '/api/test/boom', 500, '/api/test/boom'],
  ])(
    '%s: the answer carries x-request-id, the same id as its access line, with the route template',
    async (_n, url, status, route) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(status);
      const id = res.headers[REQUEST_ID_HEADER];
      expect(typeof id).toBe('string');
      expect(id).toMatch(/^[0-9a-f]{10}-[0-9a-z]+$/);
      const line = await lineOf(String(id));
      expect(line).toBeDefined();
      expect(line!.res.statusCode).toBe(status);
      expect(line!.req.route).toBe(route);
      expect(line).toHaveProperty('responseTime');
    },
  );

  it('ids differ between requests', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/health/live' });
    const b = await app.inject({ method: 'GET', url: '/api/health/live' });
    expect(a.headers[REQUEST_ID_HEADER]).not.toBe(b.headers[REQUEST_ID_HEADER]);
  });

  it("a client's own x-request-id is not used when no proxy is trusted", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { [REQUEST_ID_HEADER]: 'spoofed-id-12345' },
    });
    expect(res.headers[REQUEST_ID_HEADER]).not.toBe('spoofed-id-12345');
    expect(await lineOf('spoofed-id-12345')).toBeUndefined();
  });
});

describe('request ids behind a trusted proxy (TRUST_PROXY=10.0.0.0/8)', () => {
  let app: FastifyInstance;
  let lineOf: (id: string) => Promise<Line | undefined>;
  beforeAll(async () => {
    ({ app, lineOf } = await appWithLog({ trustProxy: ['10.0.0.0/8'] }));
  });
  afterAll(async () => app.close());

  const ask = (remoteAddress: string, id: string) =>
    app.inject({ method: 'GET', url: '/api/health/live', remoteAddress, headers: { [REQUEST_ID_HEADER]: id } });

  it("the proxy's id is used, on the answer and the access line", async () => {
    const res = await ask('10.1.2.3', 'lb-7f3a9c2e11');
    expect(res.headers[REQUEST_ID_HEADER]).toBe('lb-7f3a9c2e11');
    expect((await lineOf('lb-7f3a9c2e11'))?.res.statusCode).toBe(200);
  });

  it('a client outside the trusted range cannot set it', async () => {
    const res = await ask('203.0.113.9', 'spoofed-from-outside');
    expect(res.headers[REQUEST_ID_HEADER]).not.toBe('spoofed-from-outside');
  });

  it('an insane id from the proxy itself is replaced', async () => {
    for (const bad of ['short', 'has space in it', 'x'.repeat(65), 'quote"injection1']) {
      const res = await ask('10.1.2.3', bad);
      expect(res.headers[REQUEST_ID_HEADER]).not.toBe(bad);
      expect(res.headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f]{10}-[0-9a-z]+$/);
    }
  });
});

describe('trustedPeer', () => {
  it('follows TRUST_PROXY: off, hop counts, addresses, CIDRs and named ranges', () => {
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(1)('203.0.113.9')).toBe(true);
    const t = trustedPeer(['loopback', '192.0.2.7', '10.0.0.0/8', 'fc00::/7']);
    expect(t('127.0.0.1')).toBe(true);
    expect(t('::ffff:127.0.0.1')).toBe(true);
    expect(t('::1')).toBe(true);
    expect(t('192.0.2.7')).toBe(true);
    expect(t('192.0.2.8')).toBe(false);
    expect(t('10.200.0.1')).toBe(true);
    expect(t('11.0.0.1')).toBe(false);
    expect(t('fd12::1')).toBe(true);
    expect(t(undefined)).toBe(false);
  });
});
