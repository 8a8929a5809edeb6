import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** GET over a real socket, the path sent exactly as written (inject and fetch tidy a path before sending it). */
function rawGet(port: number, path: string): Promise<{ status: number; csp: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, csp: String(res.headers['content-security-policy']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the limit and the headers decide on the path as routed', () => {
  beforeAll(() => {
    // The minute's window must not turn in the middle of a test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T08:00:20Z'));
  });
  afterAll(() => vi.useRealTimers());

  it('counts a path that routes to the API however it is escaped, and answers it with the API headers', async () => {
    const ip = '10.0.1.1';
    for (const url of ['/%61pi/health/live', '/ap%69/health/live', '/api/health/l%69ve']) {
      const r = await app.inject({ url, remoteAddress: ip });
      expect([r.statusCode, r.headers['content-security-policy']], url).toEqual([200, API_CSP]);
    }
    const over = await app.inject({ url: '/%61pi/health/live', remoteAddress: ip });
    expect([over.statusCode, over.headers['content-security-policy']]).toEqual([429, API_CSP]);
    expect(over.json()).toMatchObject({ code: 429, msg: '操作过于频繁，请稍后再试' });
    // The HEAD route Fastify adds beside each GET is the API's too.
    const head = await app.inject({ method: 'HEAD', url: '/%61pi/health/live', remoteAddress: ip });
    expect([head.statusCode, head.headers['content-security-policy']]).toEqual([429, API_CSP]);
  });

  it('answers a missing API path spelled with escapes as the API does, counted and with its headers', async () => {
    const ip = '10.0.1.2';
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({ url: '/%61pi/no-such-thing', remoteAddress: ip });
      expect([r.statusCode, r.headers['content-security-policy']]).toEqual([404, API_CSP]);
      expect(r.json()).toMatchObject({ code: 404, msg: '未找到' });
    }
    const over = await app.inject({ url: '/%61pi/no-such-thing', remoteAddress: ip });
    expect([over.statusCode, over.headers['content-security-policy']]).toEqual([429, API_CSP]);
  });

  it('over a real socket: every spelling the router takes to the API is limited, the others are pages', async () => {
    const listening = await testApp({ rateLimitPerMinute: 3 });
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      for (let i = 0; i < 3; i++) expect((await rawGet(port, '/api/health/live')).status).toBe(200);
      // Routed to the API (a route or the API's not-found answer): this address has spent its minute.
      for (const path of [
        '/api/health/live',
        '/%61pi/health/live',
        '/%61%70%69/health/live',
        '/api/health/live.',
        '/api/health/live/',
        '/api/./health/live',
        '/api/health%2Flive',
        '/%61pi/nope',
      ]) {
        const r = await rawGet(port, path);
        expect([r.status, r.csp], path).toEqual([429, API_CSP]);
      }
      // Not routed to the API (the router keeps case, doubled slashes, an escaped slash or percent): a
      // page, with a document's headers, never the API's answer and never refused by its limit.
      for (const path of [
        '//api/health/live',
        '/API/health/live',
        '/api%2Fhealth/live',
        '/api./health/live',
        '/%2561pi/health/live',
      ]) {
        const r = await rawGet(port, path);
        expect(r.status, path).not.toBe(429);
        expect(r.csp, path).toContain("default-src 'self'");
        expect(r.body, path).not.toContain('"code"');
      }
    } finally {
      await listening.close();
    }
  });
});
