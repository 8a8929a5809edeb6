import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NationalCallError, nationalSignature, type PhotoReportItem } from './national-report.ts';
import { RealNational } from './national.ts';

/** A stand-in for the platform: checks the signature and answers as the test asks. */
type Reply = (body: {
  items: { ref: string; zjhm: string | null; xh: string | null; xm: string; yxdm: string; photo: string }[];
}) => { status: number; json?: unknown; hang?: boolean };
let reply: Reply = () => ({ status: 200, json: { code: 0, data: { results: [] } } });
const seen: { headers: http.IncomingHttpHeaders; body: string; path: string }[] = [];
let server: http.Server;
let url: string;
const SECRET = 'test-app-secret';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ headers: req.headers, body, path: req.url ?? '' });
      const sig = nationalSignature(SECRET, String(req.headers['x-timestamp']), String(req.headers['x-nonce']), body);
      if (req.headers['x-signature'] !== sig || req.headers['x-app-key'] !== 'app-1') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 401, msg: 'bad signature' }));
        return;
      }
      const r = reply(JSON.parse(body));
      if (r.hang) return;
      res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.json ?? {}));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

const item = (ref: string, idNumber: string | null): PhotoReportItem => ({
  ref,
  idNumber,
  studentId: `S${ref}`,
  name: '张三',
  yxdm: '10001',
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
});
const platform = (secret = SECRET, timeoutMs = 2000) => new RealNational({ url, key: 'app-1', secret, timeoutMs });

describe('the national platform HTTP adapter (photo report)', () => {
  it('posts signed JSON and reads the per-item answer', async () => {
    reply = (b) => ({
      status: 200,
      json: {
        code: 0,
        data: {
          results: b.items.map((i) => ({ ref: i.ref, accepted: i.zjhm !== null, reason: i.zjhm ? null : 'NO_ID' })),
        },
      },
    });
    const out = await platform().reportPhotos([item('1', '110101199901010011'), item('2', null)]);
    expect(out).toEqual([
      { ref: '1', accepted: true, reason: null },
      { ref: '2', accepted: false, reason: 'NO_ID' },
    ]);
    const last = seen.at(-1)!;
    expect(last.path).toBe('/api/v1/photo/report');
    expect(last.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(last.headers['x-timestamp'])).toBeGreaterThan(Date.now() - 60_000);
    expect(last.headers['x-nonce']).toMatch(/^[0-9a-f]{32}$/);
    const sent = JSON.parse(last.body) as { items: { photo: string; xm: string; xh: string }[] };
    expect(sent.items[0]).toMatchObject({
      xm: '张三',
      xh: 'S1',
      photo: Buffer.from([0xff, 0xd8, 0xff, 0xd9]).toString('base64'),
    });
  });

  it('fails the whole call on a wrong signature, an HTTP error, a platform error code, an unreadable or incomplete answer, and a timeout', async () => {
    reply = () => ({ status: 200, json: { code: 0, data: { results: [] } } });
    await expect(platform('wrong-secret').reportPhotos([item('1', null)])).rejects.toThrow(
      'platform code 401: bad signature',
    );
    reply = () => ({ status: 502 });
    await expect(platform().reportPhotos([item('1', null)])).rejects.toThrow(new NationalCallError('HTTP 502'));
    reply = () => ({ status: 200, json: { code: 0, data: { results: [{ ref: 1 }] } } });
    await expect(platform().reportPhotos([item('1', null)])).rejects.toThrow('unreadable answer');
    reply = () => ({ status: 200, json: { code: 0, data: { results: [] } } });
    await expect(platform().reportPhotos([item('1', null)])).rejects.toThrow('answer lacks an item');
    reply = () => ({ status: 200, hang: true });
    const t0 = Date.now();
    await expect(platform(SECRET, 300).reportPhotos([item('1', null)])).rejects.toThrow('timed out after 300 ms');
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it('fails each call when it is not configured', async () => {
    await expect(new RealNational({ url }).reportPhotos([item('1', null)])).rejects.toThrow('not configured');
  });

  it('signs timestamp + nonce + body with HMAC-SHA256', () => {
    // A fixed vector, so a partner can check an implementation of theirs against ours.
    expect(nationalSignature('key', '1700000000000', 'abc', '{}')).toBe(
      '8b7b5191110c983e6b1b0ec44adb6cb1d958a856af4b730b6a716419656eba8f',
    );
  });
});
