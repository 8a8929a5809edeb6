import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { members, sessions } from '../db/schema.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { mobileField } from '@portal/contract/validation';
import { call, testApp, type Session } from '../../test/helpers.ts';
import { envelope, ok } from './envelope.ts';
import { conflict } from './errors.ts';

let app: FastifyInstance;
let session: Session;

async function makeSession(isFirst = false, lastSeen = new Date()): Promise<Session> {
  const [m] = await app.ctx.db
    .insert(members)
    .values({ mobile: `139${Math.floor(Math.random() * 1e8)}`.padEnd(11, '0'), isFirst })
    .returning();
  const token = randomToken();
  const randomKey = randomToken(16);
  await app.ctx.db
    .insert(sessions)
    .values({ memberId: m.id, tokenHash: sha256(token), randomKey, lastSeenAt: lastSeen });
  return { token, memberId: m.id, randomKey };
}

/** POST /api/test/echo, a signed member route with a validated body (the member of `session` unless told). */
const echo = <T = unknown>(
  payload: object,
  s: Session = session,
  opts: { signed?: boolean; headers?: Record<string, string> } = {},
) => call<T>(app, { method: 'POST', url: '/api/test/echo', payload, session: s, ...opts });

beforeAll(async () => {
  app = await testApp({ inactivitySeconds: 1800 });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/echo',
    {
      config: { auth: 'member' },
      schema: {
        body: z.object({ mobile: mobileField, note: z.string().max(5) }),
        response: { 200: envelope(z.object({ mobile: z.string() })) },
      },
    },
    async (req) => ok({ mobile: req.body.mobile }),
  );
  app.get('/api/test/conflict', async () => {
    throw conflict();
  });
  app.get('/api/test/boom', async () => {
    throw new Error('secret internals at /srv/db');
  });
  session = await makeSession();
});
afterAll(() => app.close());

describe('envelope and signature', () => {
  it('answers health with a signed envelope', async () => {
    const r = await call<{ status: string; db: string }>(app, { url: '/api/health' });
    expect(r.status).toBe(200);
    expect(r.code).toBe(200);
    expect(r.data.status).toBe('ok');
  });

  it('signs errors too, and hides internals of a 500', async () => {
    const r = await call(app, { url: '/api/test/boom' });
    expect(r.status).toBe(500);
    expect(r.code).toBe(500);
    expect(r.msg).toBe('系统繁忙，请稍后再试');
    expect(JSON.stringify(r)).not.toContain('/srv/db');
  });

  it('maps 404 and 409 to their codes, in the caller language', async () => {
    const nf = await call(app, { url: '/api/nope', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect([nf.status, nf.code, nf.msg]).toEqual([404, 404, 'Not found']);
    const c = await call(app, { url: '/api/test/conflict', headers: { lang: 'zh' } });
    expect([c.status, c.code, c.msg]).toEqual([409, 409, '当前状态不允许此操作']);
  });
});

describe('security headers', () => {
  it('sends pages the content policy and the protective headers of a document', async () => {
    for (const url of ['/', '/order/list']) {
      const res = await app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });

  it('sends API answers and errors a policy under which nothing loads, frames or sniffs them', async () => {
    for (const url of ['/api/health', '/api/test/boom', '/api/nope']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      // A document's headers say nothing to a JSON answer, and every answer carried their bytes.
      for (const h of ['x-frame-options', 'referrer-policy', 'x-xss-protection', 'origin-agent-cluster'])
        expect(res.headers[h], `${url} ${h}`).toBeUndefined();
    }
  });
});

describe('auth guard', () => {
  it('answers 700 with HTTP 401 without a session', async () => {
    const r = await call(app, { method: 'POST', url: '/api/test/echo', payload: {} });
    expect([r.status, r.code]).toEqual([401, 700]);
  });

  it('answers 700 when memberId does not match the token', async () => {
    const other = await makeSession();
    const r = await echo({ mobile: '13800138000', note: 'a' }, { ...session, memberId: other.memberId });
    expect(r.code).toBe(700);
  });

  it('ends a session idle past the timeout', async () => {
    const idle = await makeSession(false, new Date(Date.now() - 1801 * 1000));
    const r = await echo({ mobile: '13800138000', note: 'a' }, idle);
    expect(r.code).toBe(700);
  });

  it('confines an incomplete profile with 请务必先完善个人信息', async () => {
    const first = await makeSession(true);
    const r = await echo({ mobile: '13800138000', note: 'a' }, first);
    expect([r.code, r.msg]).toEqual([403, '请务必先完善个人信息']);
  });
});

describe('signed bodies', () => {
  it('accepts a correctly signed body and validates the payload', async () => {
    const r = await echo<{ mobile: string }>({ mobile: '13800138000', note: 'hi' });
    expect(r.code).toBe(200);
    expect(r.data.mobile).toBe('13800138000');
  });

  it('refuses a bad sign with 400 before parsing', async () => {
    const r = await echo(
      { object: Buffer.from('{"mobile":"13800138000","note":"x"}').toString('base64'), sign: 'f'.repeat(64) },
      session,
      { signed: false },
    );
    expect([r.status, r.code, r.msg]).toEqual([400, 400, '请求签名错误']);
  });

  it('refuses an unsigned body', async () => {
    const r = await echo({ mobile: '13800138000', note: 'x' }, session, { signed: false });
    expect(r.code).toBe(400);
  });

  it('names the rule with the specification message', async () => {
    const bad = await echo({ mobile: '2380013800', note: 'x' });
    expect([bad.code, bad.msg]).toEqual([400, '请输入正确的手机号']);
    const en = await echo({ mobile: '', note: 'x' }, session, { headers: { lang: 'en' } });
    expect(en.msg).toBe('Please enter your mobile number');
    const generic = await echo({ mobile: '13800138000', note: 'toolong' }, session, { headers: { lang: 'en' } });
    expect(generic.msg).toContain('note');
  });
});

describe('demo hooks', () => {
  it('are absent in production', async () => {
    const prod = await testApp({ demo: false });
    const r = await call(prod, { url: '/api/dev/outbox?to=13800138000' });
    expect(r.status).toBe(404);
    await prod.close();
  });
});
