import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';
import { acceptUploads } from './uploads.ts';

/**
 * Slow clients over real sockets against a listening server, with short limits: headers must all
 * arrive within 0.5 s, a request's body within 1 s, an upload's within 4 s (the bounds below leave room for a busy machine).
 */
const LIMITS = { headersMs: 500, requestMs: 1000, uploadMs: 4000 };

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  app = await testApp({ httpTimeouts: LIMITS });
  app.post('/api/test/echo-body', async (req) => ({ got: req.body }));
  await app.register(async (uploads) => {
    await acceptUploads(uploads);
    uploads.post('/api/test/upload', async (req) => {
      const file = await req.file();
      return { bytes: file ? (await file.toBuffer()).length : 0 };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => app.close());

interface Outcome {
  /** Milliseconds from the first byte sent until the server closed the connection, or null if still open. */
  closedAfter: number | null;
  answer: string;
}

/**
 * Sends `head`, then `trickle` one byte at a time every `everyMs`, and watches the socket for
 * `watchMs`: when the server closes it and what it answered.
 */
function slowClient(head: string, trickle: string, everyMs: number, watchMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let start = 0;
    let answer = '';
    let closedAfter: number | null = null;
    let timer: NodeJS.Timeout | undefined;
    let watch: NodeJS.Timeout | undefined;
    const done = () => {
      clearInterval(timer);
      clearTimeout(watch);
      socket.destroy();
      resolve({ closedAfter, answer });
    };
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', () => {});
    socket.on('close', () => {
      closedAfter ??= Date.now() - start;
      done();
    });
    // The head first, then the trickle: nothing is written before the connection is up.
    socket.on('connect', () => {
      start = Date.now();
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (i < trickle.length && !socket.destroyed) socket.write(trickle[i++]!);
      }, everyMs);
      watch = setTimeout(done, watchMs);
    });
  });
}

const json = (body: string) =>
  `POST /api/test/echo-body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;

describe('slow clients', () => {
  it('are answered 408 and closed when their headers take longer than the headers limit', async () => {
    const o = await slowClient('GET /api/health/live HTTP/1.1\r\n', 'Host: x\r\nX-Slow: ' + 'a'.repeat(40), 100, 3000);
    expect(o.closedAfter).not.toBeNull();
    expect(o.closedAfter!).toBeGreaterThanOrEqual(LIMITS.headersMs - 50);
    expect(o.closedAfter!).toBeLessThan(LIMITS.headersMs + 2000);
    expect(o.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('are answered 408 and closed when a body comes a byte at a time past the request limit', async () => {
    const body = JSON.stringify({ note: 'x'.repeat(60) });
    const o = await slowClient(json(body), body, 100, 3500);
    expect(o.closedAfter).not.toBeNull();
    expect(o.closedAfter!).toBeGreaterThanOrEqual(LIMITS.requestMs - 50);
    expect(o.closedAfter!).toBeLessThan(LIMITS.requestMs + 2000);
    expect(o.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('are answered when the body comes slowly but within the limit', async () => {
    const body = JSON.stringify({ a: 1 });
    const o = await slowClient(json(body), body, 60, 1500);
    expect(o.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(o.answer).toContain('"got":{"a":1}');
  });

  it('uploading a file, have the upload limit: still open past the request limit, closed past their own', async () => {
    const b = 'slowBoundary';
    const part = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(200)}\r\n--${b}--\r\n`;
    const head = `POST /api/test/upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${b}\r\nContent-Length: ${part.length}\r\n\r\n`;
    const o = await slowClient(head, part, 100, 7000);
    expect(o.closedAfter).not.toBeNull();
    expect(o.closedAfter!).toBeGreaterThan(LIMITS.requestMs + 2000);
    expect(o.closedAfter!).toBeGreaterThanOrEqual(LIMITS.uploadMs - 50);
    expect(o.closedAfter!).toBeLessThan(LIMITS.uploadMs + 2000);
    expect(o.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still sending a body after their answer (an upload where none is taken) are cut off at the request limit', async () => {
    const b = 'slowBoundary';
    const part = `--${b}\r\nContent-Disposition: form-data; name="x"\r\n\r\n${'x'.repeat(200)}\r\n--${b}--\r\n`;
    const head = `POST /api/test/echo-body HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${b}\r\nContent-Length: ${part.length}\r\n\r\n`;
    const o = await slowClient(head, part, 100, 5000);
    expect(o.answer).toMatch(/^HTTP\/1\.1 (400|415)/);
    expect(o.closedAfter).not.toBeNull();
    expect(o.closedAfter!).toBeLessThan(LIMITS.requestMs + 2000);
  });

  it('leave the server answering everyone else', async () => {
    expect(app.server.headersTimeout).toBe(LIMITS.headersMs);
    expect(app.server.requestTimeout).toBe(LIMITS.uploadMs);
    const r = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(r.status).toBe(200);
  });
});

describe('the limits as settings', () => {
  it('default to 15 s for headers, 30 s for a request and 120 s for an upload, and must not decrease in that order', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).httpTimeouts).toEqual({
      headersMs: 15_000,
      requestMs: 30_000,
      uploadMs: 120_000,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', HTTP_REQUEST_TIMEOUT_MS: '200000' })).toThrow(/HTTP_UPLOAD_TIMEOUT_MS/);
    expect(() => loadConfig({ NODE_ENV: 'test', HTTP_HEADERS_TIMEOUT_MS: '500' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
});
