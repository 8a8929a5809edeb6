import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESPONSE_SECRET } from '@portal/contract/defaults';
import { call, createDatabase, memberSession, testApp, type Session } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { orders, sandboxTrades } from '../../db/schema.ts';
import { createDevOrder } from '../../modules/dev/dev-orders.ts';
import { sandboxNotifyBody, sandboxNotifyHeaders } from './sandbox.ts';

/**
 * The sandbox cashier as a platform: its own notification key (never the public response secret),
 * notifications retried until acknowledged, and owed ones surviving a restart (trades in the database).
 */

const UNPAID = 110;
const PAID = 115;

/** An unpaid order of the member and the payment issued for it (WeChat QR): its number. */
async function issued(app: FastifyInstance, me: Session & { mobile: string }) {
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
  const info = await call<{ paymentNo: string; amountFen: number }>(app, {
    method: 'POST',
    url: '/api/pay/getPayInfo',
    payload: { id: o.id, payType: 2 },
    session: me,
  });
  expect(info.code).toBe(200);
  return { orderId: o.id, ...info.data };
}
const stateOf = async (app: FastifyInstance, id: number) =>
  (await app.ctx.db.select({ state: orders.state }).from(orders).where(eq(orders.id, id)))[0]!.state;
async function paidWithin(app: FastifyInstance, id: number, ms: number): Promise<void> {
  const t0 = Date.now();
  while ((await stateOf(app, id)) !== PAID) {
    if (Date.now() - t0 > ms) throw new Error(`order ${id} still unpaid after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const pay = (app: FastifyInstance, paymentNo: string) =>
  call<{ state: string }>(app, { method: 'POST', url: `/sandbox/pay/${paymentNo}/pay`, payload: {} });

describe('the sandbox cashier', () => {
  let app: FastifyInstance;
  let me: Session & { mobile: string };
  beforeAll(async () => {
    app = await testApp();
    me = await memberSession(app);
  });
  afterAll(async () => app.close());

  it('signs with a key of its own: a notification signed with a key made from the public response secret is refused', async () => {
    const p = await issued(app, me);
    const trade = (await app.ctx.pay.sandbox!.trade(p.paymentNo))!;
    const body = sandboxNotifyBody(trade, 'paid', app.ctx.pay.sandbox!.merchantId);
    // What anyone holding the web bundle could compute before.
    const publicKey = crypto.createHash('sha256').update(`sandbox-pay:${DEFAULT_RESPONSE_SECRET}`).digest('hex');
    const forged = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: sandboxNotifyHeaders(publicKey, body),
      payload: body,
    });
    expect(forged.statusCode).toBe(400);
    expect(await stateOf(app, p.orderId)).toBe(UNPAID);
    const real = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: sandboxNotifyHeaders(app.ctx.pay.sandbox!.key, body),
      payload: body,
    });
    expect(real.statusCode).toBe(204);
    expect(await stateOf(app, p.orderId)).toBe(PAID);
  });

  it('takes PAY_SANDBOX_KEY when set', async () => {
    const key = 'k'.repeat(40);
    const base = loadConfig({ NODE_ENV: 'test' });
    const other = await testApp({ pay: { ...base.pay, PAY_SANDBOX_KEY: key } });
    try {
      expect(other.ctx.pay.sandbox!.key).toBe(key);
      expect(app.ctx.pay.sandbox!.key).not.toBe(key);
    } finally {
      await other.close();
    }
  });

  it('retries a notification the portal does not acknowledge, until it does', async () => {
    const sandbox = app.ctx.pay.sandbox!;
    const delays = sandbox.opts.retryDelaysMs;
    sandbox.opts.retryDelaysMs = [100];
    // The portal answers 503 twice (as while restarting), then its real notify route answers.
    let refused = 0;
    sandbox.setDeliver(async (url, headers, body) => {
      if (refused < 2) {
        refused++;
        return 503;
      }
      return (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode;
    });
    try {
      const p = await issued(app, me);
      expect((await pay(app, p.paymentNo)).data.state).toBe('paid');
      await paidWithin(app, p.orderId, 10_000);
      expect(refused).toBe(2);
      const [row] = await app.ctx.db.select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, p.paymentNo));
      expect(row).toMatchObject({ notifyAttempts: 3, notifyDueAt: null, notifiedAt: expect.any(Date) });
    } finally {
      sandbox.opts.retryDelaysMs = delays;
      sandbox.setDeliver(
        async (url, headers, body) => (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
      );
    }
  });
});

describe('a notification owed when the instance stops', () => {
  const pgUrl = process.env.TEST_DATABASE_URL;
  let dir: string;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};

  /** An app on one lasting database (PGlite in a folder, or a PostgreSQL database of this suite). */
  async function appOn(delayMs: number): Promise<FastifyInstance> {
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', PAY_SANDBOX_NOTIFY_DELAY_MS: String(delayMs) },
      { pgliteDir: path.join(dir, 'db'), dataKey: '11'.repeat(32), ...(databaseUrl ? { databaseUrl } : {}) },
    );
    const database = await openDatabase(
      databaseUrl ? { databaseUrl, pgliteDir: ':memory:' } : { pgliteDir: path.join(dir, 'db') },
    );
    const app = await buildApp(config, { database, skipSeed: true, logger: false });
    app.addHook('onClose', async () => database.close());
    // As a listening server does: the cashier looks for owed notifications once the app is ready.
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-restart-'));
    if (pgUrl) {
      const made = await createDatabase(pgUrl, 'sandbox_restart');
      databaseUrl = made.url;
      dropDatabase = async () => {
        const { default: pg } = await import('pg');
        const c = new pg.Client({ connectionString: pgUrl });
        await c.connect();
        await c.query(`drop database if exists ${made.name} with (force)`).catch(() => {});
        await c.end();
      };
    }
  });
  afterAll(async () => {
    await dropDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is delivered by the next instance started on the database', async () => {
    const first = await appOn(1500);
    const me = await memberSession(first);
    const p = await issued(first, me);
    expect((await pay(first, p.paymentNo)).data.state).toBe('paid');
    // Stopped before the first attempt: nothing has told the portal yet.
    await first.close();
    const second = await appOn(1500);
    try {
      expect(await stateOf(second, p.orderId)).toBe(UNPAID);
      await paidWithin(second, p.orderId, 10_000);
      const [row] = await second.ctx.db.select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, p.paymentNo));
      expect(row).toMatchObject({ state: 'paid', notifyDueAt: null, notifiedAt: expect.any(Date) });
    } finally {
      await second.close();
    }
  }, 60_000);
});
