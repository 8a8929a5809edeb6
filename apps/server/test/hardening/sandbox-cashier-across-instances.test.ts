import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChildServer,
  api,
  apiData,
  devLogin,
  mobileSequence,
  reachablePostgres,
  sqlClient,
  tempDataDir,
  throwawayDatabase,
} from './child-server.ts';

/**
 * The sandbox cashier on several instances of one PostgreSQL database, as the real platforms behave:
 * a payment issued on one instance is paid through another's cashier page, and a notification still
 * owed when an instance dies is sent by an instance started afterwards.
 */

const pgBase = await reachablePostgres();
const freshMobile = mobileSequence('1356');
/** The first notification's delay: long enough to kill an instance before it is sent. */
const NOTIFY_DELAY_MS = 1500;

describe.skipIf(!pgBase)('the sandbox cashier across instances on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof throwawayDatabase>>;
  let pg: Awaited<ReturnType<typeof sqlClient>>;
  const servers: ChildServer[] = [];
  const dirs: string[] = [];

  const start = async () => {
    const dataDir = tempDataDir('portal-sandbox-pay');
    dirs.push(dataDir);
    const s = await ChildServer.start({
      databaseUrl: db.url,
      dataDir,
      env: { PAY_SANDBOX_NOTIFY_DELAY_MS: String(NOTIFY_DELAY_MS) },
    });
    servers.push(s);
    return s;
  };

  beforeAll(async () => {
    db = await throwawayDatabase(pgBase!, 'sandbox_pay');
    pg = await sqlClient(db.url);
  }, 30_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await pg?.end();
    await db?.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }, 60_000);

  /** An unpaid order of a fresh member and the payment the instance issues for it (WeChat QR). */
  async function issuedOn(s: ChildServer) {
    const mobile = freshMobile();
    const me = await devLogin(s, mobile);
    const order = await apiData<{ id: number }>(s.url, { url: '/api/dev/order', body: { mobile, kind: 'individual' } });
    const info = await apiData<{ paymentNo: string; amountFen: number; wxPayQrcodeUrl: string }>(s.url, {
      url: '/api/pay/getPayInfo',
      body: { id: order.id, payType: 2 },
      session: me,
    });
    return { orderId: order.id, ...info };
  }
  const orderState = async (id: number) =>
    (await pg.query<{ state: number }>('select state from orders where id = $1', [id])).rows[0]!.state;
  async function paidWithin(id: number, ms: number): Promise<number> {
    const t0 = Date.now();
    while ((await orderState(id)) !== 115) {
      if (Date.now() - t0 > ms) throw new Error(`order ${id} still unpaid after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return Date.now() - t0;
  }

  it("a payment issued on A is shown and paid by B's cashier, and the order becomes paid", async () => {
    const a = await start();
    const b = await start();
    const p = await issuedOn(a);
    const page = await fetch(`${b.url}/sandbox/pay/${p.paymentNo}`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`¥ ${(p.amountFen / 100).toFixed(2)}`);
    const paid = await api<{ paymentNo: string; state: string }>(b.url, {
      url: `/sandbox/pay/${p.paymentNo}/pay`,
      body: {},
    });
    expect([paid.code, paid.data]).toEqual([200, { paymentNo: p.paymentNo, state: 'paid' }]);
    await paidWithin(p.orderId, 10_000);
    // Either instance's platform now knows the trade is paid (the cashier shows the result).
    const after = await fetch(`${a.url}/sandbox/pay/${p.paymentNo}`, { headers: { accept: 'text/html' } });
    expect(await after.text()).toContain('支付成功 / Payment succeeded');
    // Neither stays up for the next test: only an instance started after the crash may deliver there.
    await Promise.all([a.stop(), b.stop()]);
  }, 300_000);

  it('a notification owed when an instance dies is delivered once a new instance has started', async () => {
    const c = await start();
    const p = await issuedOn(c);
    const paid = await api<{ state: string }>(c.url, { url: `/sandbox/pay/${p.paymentNo}/pay`, body: {} });
    expect(paid.data.state).toBe('paid');
    // Killed before the first attempt: nothing has told the portal yet.
    await c.kill9();
    expect(await orderState(p.orderId)).toBe(110);
    const owed = await pg.query<{ due: Date | null }>(
      'select notify_due_at as due from sandbox_trades where payment_no = $1',
      [p.paymentNo],
    );
    expect(owed.rows[0]?.due).toBeInstanceOf(Date);
    const d = await start();
    await paidWithin(p.orderId, 15_000);
    const done = await pg.query<{ due: Date | null; notified: Date | null }>(
      'select notify_due_at as due, notified_at as notified from sandbox_trades where payment_no = $1',
      [p.paymentNo],
    );
    expect(done.rows[0]).toMatchObject({ due: null, notified: expect.any(Date) });
    expect(d.exited).toBe(false);
  }, 300_000);
});
