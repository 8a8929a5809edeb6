import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { responseSign } from '@portal/contract/envelope';
import { envelopeSign, envelopeTail, signedJsonEnvelope } from './envelope.ts';
import { KeptJson } from './kept-json.ts';
import { RateWindow } from './rate-limit.ts';
import { redactUrl } from './logging.ts';
import { API_HEADERS, DOCUMENT_HEADERS } from './security-headers.ts';

/** The per-request plumbing, made cheap (issue 23) without losing what an operator or a user needs. */

let app: FastifyInstance;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'info' },
    { pgliteDir: ':memory:', dataKey: '11'.repeat(32), rateLimitPerMinute: 2 },
  );
  const database = await openDatabase({ pgliteDir: ':memory:' });
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      cb();
    },
  });
  app = await buildApp(config, { database, skipSeed: true, logStream: stream });
  app.addHook('onClose', async () => database.close());
  app.get('/api/test/boom', async () => {
    throw new Error('internals');
  });
  app.post('/api/test/body', async (req) => ({ got: req.body }));
  app.get('/api/test/note', async (req) => {
    req.log.info({ token: 'tok-secret-1' }, 'noted');
    return { ok: true };
  });
});
afterAll(async () => app.close());

describe('access log', () => {
  it('writes one line per request at info, with method, redacted path, address, status and time', async () => {
    logLines.length = 0;
    const r = await app.inject({ url: '/api/health/live?mobile=13800138000', remoteAddress: '10.1.1.1' });
    expect(r.statusCode).toBe(200);
    const mine = logLines.filter((l) => (l.req as { ip?: string } | undefined)?.ip === '10.1.1.1');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/health/live?mobile=***', ip: '10.1.1.1' },
      res: { statusCode: 200 },
      reqId: expect.any(String),
    });
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(JSON.stringify(logLines)).not.toContain('13800138000');
  });

  it("masks a photo link's signature as it masks a token", async () => {
    logLines.length = 0;
    await app.inject({
      url: '/api/img/view/photos/x/y.jpg?exp=1893456000&sig=c2lnbmF0dXJlLXNlY3JldA',
      remoteAddress: '10.1.1.2',
    });
    const mine = logLines.filter((l) => (l.req as { ip?: string } | undefined)?.ip === '10.1.1.2');
    expect(mine).toHaveLength(1);
    expect((mine[0]!.req as { url: string }).url).toBe('/api/img/view/photos/x/y.jpg?exp=1893456000&sig=***');
    expect(JSON.stringify(logLines)).not.toContain('c2lnbmF0dXJlLXNlY3JldA');
  });
});

describe('the path in an access line', () => {
  it('masks every secret in the query however it is spelled, and leaves a query without one as it came', () => {
    expect(redactUrl('/api/order/findOrderList?type=1')).toBe('/api/order/findOrderList?type=1');
    expect(redactUrl('/api/health/live')).toBe('/api/health/live');
    for (const url of [
      '/api/login/auth?mobile=13800138000&type=1',
      '/api/login/auth?type=1&MOBILE=13800138000',
      '/api/login/auth?type=1&mobil%65=13800138000',
      '/api/login/auth?type=1&%6Dobile=13800138000&x=%31',
      '/api/login/auth?messageCode=13800138000',
      // A working photo link: its signature opens the photo until it expires.
      '/api/img/view/photos/ab/cd.jpg?exp=1893456000&sig=13800138000',
      '/api/img/view/photos/ab/cd.jpg?SIG=13800138000&exp=1893456000',
      '/api/img/view/photos/ab/cd.jpg?exp=1893456000&%73ig=13800138000',
    ]) {
      expect(redactUrl(url), url).not.toContain('13800138000');
      expect(redactUrl(url), url).toContain('***');
    }
  });
});

describe("a request's own log lines", () => {
  const linesOf = (ip: string) => logLines.filter((l) => (l.req as { ip?: string } | undefined)?.ip === ip);

  it('carry the request id of its access line, with secrets masked', async () => {
    logLines.length = 0;
    await app.inject({ url: '/api/test/boom', remoteAddress: '10.4.4.4' });
    const [access] = linesOf('10.4.4.4');
    const error = logLines.find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({ level: 50, reqId: access!.reqId, err: { message: 'internals' } });

    await app.inject({ url: '/api/test/note', remoteAddress: '10.4.4.5' });
    const note = logLines.find((l) => l.msg === 'noted');
    expect(note).toMatchObject({ level: 30, reqId: linesOf('10.4.4.5')[0]!.reqId, token: '***' });
    expect(JSON.stringify(logLines)).not.toContain('tok-secret-1');
  });

  it('cost nothing when it writes none: its logger is made on its first line', async () => {
    const child = vi.spyOn(app.log, 'child');
    try {
      await app.inject({ url: '/api/health/live', remoteAddress: '10.4.4.6' });
      expect(child).not.toHaveBeenCalled();
      await app.inject({ url: '/api/test/note', remoteAddress: '10.4.4.6' });
      expect(child).toHaveBeenCalledTimes(1);
    } finally {
      child.mockRestore();
    }
  });
});

describe('a compressed request body', () => {
  it('is refused as a bad body, naming the field, not answered with 500', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ mobile: '13800138000' })),
      remoteAddress: '10.5.5.5',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 400, msg: expect.stringContaining('body') });
  });
});

describe('per-address limit', () => {
  it('answers 429 with Retry-After past the cap', async () => {
    const from = () => app.inject({ url: '/api/health/live', remoteAddress: '10.2.2.2' });
    expect((await from()).statusCode).toBe(200);
    expect((await from()).statusCode).toBe(200);
    const over = await from();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts in place: an address seen this minute adds no entry; the minute turning empties it', () => {
    const w = new RateWindow(3, 1000);
    expect(w.hit('a', 0)).toBe(0);
    for (let i = 0; i < 2; i++) expect(w.hit('a', 10)).toBe(0);
    expect(w.size).toBe(1);
    expect(w.hit('a', 400)).toBe(600); // over the cap: the wait until the window ends
    expect(w.hit('b', 500)).toBe(0);
    expect(w.size).toBe(2);
    expect(w.hit('a', 1000)).toBe(0); // a new window
    expect(w.size).toBe(1);
  });
});

describe('security headers', () => {
  it("are on every answer, API and error alike, computed once: a document's for pages, an API's for /api/", async () => {
    expect(DOCUMENT_HEADERS.map(([n]) => n)).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-frame-options', 'strict-transport-security']),
    );
    expect(DOCUMENT_HEADERS.find(([n]) => n === 'content-security-policy')?.[1]).toContain(
      "img-src 'self' data: blob: https:",
    );
    for (const url of ['/api/health/live', '/api/nothing-here']) {
      const r = await app.inject({ url, remoteAddress: '10.3.3.3' });
      for (const [n, v] of API_HEADERS) expect(r.headers[n]).toBe(v);
      expect(Object.keys(r.headers).filter((n) => DOCUMENT_HEADERS.some(([d]) => d === n))).toEqual(
        API_HEADERS.map(([n]) => n).filter((n) => DOCUMENT_HEADERS.some(([d]) => d === n)),
      );
    }
    const page = await app.inject({ url: '/', remoteAddress: '10.3.3.3' });
    for (const [n, v] of DOCUMENT_HEADERS) expect(page.headers[n]).toBe(v);
  });
});

describe('envelope sign', () => {
  it("is the contract's responseSign, also when reused within a millisecond and across codes and secrets", () => {
    for (const [code, ts, secret] of [
      [200, 1700000000000, 's'],
      [200, 1700000000000, 's'],
      [404, 1700000000000, 's'],
      [200, 1700000000001, 's'],
      [200, 1700000000001, 't'],
    ] as const)
      expect(envelopeSign(code, ts, secret)).toBe(responseSign(code, ts, secret));
  });

  it('wraps cached JSON bytes, Chinese text included, into the same signed envelope', () => {
    const data = Buffer.from('[{"stateDesc":"待付款","a":1}]');
    const bytes = new KeptJson(data).plain(envelopeTail('sec'));
    const body = JSON.parse(bytes.toString('utf8'));
    expect(body).toMatchObject({ code: 200, msg: 'success', data: [{ stateDesc: '待付款', a: 1 }] });
    expect(body.sign).toBe(responseSign(200, body.timestamp, 'sec'));
    expect(bytes.toString('utf8')).toBe(signedJsonEnvelopeAt(body.timestamp));
    function signedJsonEnvelopeAt(timestamp: number) {
      return `{"code":200,"msg":"success","data":${data.toString('utf8')},"timestamp":${timestamp},"sign":"${responseSign(200, timestamp, 'sec')}"}`;
    }
  });

  it('wraps cached JSON into a signed envelope the web accepts', () => {
    const body = JSON.parse(signedJsonEnvelope('[{"a":1}]', 'sec'));
    expect(body).toMatchObject({ code: 200, msg: 'success', data: [{ a: 1 }] });
    expect(body.sign).toBe(responseSign(200, body.timestamp, 'sec'));
  });
});
