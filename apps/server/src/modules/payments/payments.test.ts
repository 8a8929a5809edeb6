import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { auditLog, members, orders, payments, refunds } from '../../db/schema.ts';
import { call, staffCall, memberSession, staffSession, type Session } from '../../../test/helpers.ts';
import { usePaySandboxApp } from '../../../test/member-apps.ts';
import { createDevOrder, type DevOrderInput } from '../dev/dev-orders.ts';
import { sandboxNotifyBody, sandboxNotifyHeaders } from '../../providers/pay/sandbox.ts';
import { reconcilePayments } from './reconcile.ts';
import { settlePayment } from './service.ts';

let app: FastifyInstance;
let me: Session & { mobile: string };
usePaySandboxApp((t) => ({ app, me } = t));
const sandbox = () => app.ctx.pay.sandbox!;

async function order(input: Partial<DevOrderInput> = {}) {
  return createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual', ...input });
}
async function stateOf(id: number) {
  return (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
}
async function payInfo(id: number, payType: 1 | 2, scope = 'pay', session = me) {
  return call<{ wxPayQrcodeUrl?: string; aliPayHtml?: string; paymentNo?: string; paid: boolean; amountFen: number }>(
    app,
    {
      method: 'POST',
      url: `/api/${scope}/getPayInfo`,
      payload: { id, payType },
      session,
    },
  );
}
async function notify(
  paymentNo: string,
  amountFen: number,
  state: 'paid' | 'failed' = 'paid',
  opts: { at?: number; tamper?: boolean; channel?: string } = {},
) {
  const t = (await sandbox().trade(paymentNo)) ?? { paymentNo, amountFen, tradeNo: 'T1' };
  const body = sandboxNotifyBody(t, state, sandbox().merchantId, amountFen);
  const headers = sandboxNotifyHeaders(sandbox().key, body, opts.at);
  return app.inject({
    method: 'POST',
    url: `/api/pay/notify/${opts.channel ?? 'wechat'}`,
    headers,
    payload: opts.tamper ? body.replace('"total":', '"total":1') : body,
  });
}
async function paymentRow(no: string) {
  return (await app.ctx.db.select().from(payments).where(eq(payments.paymentNo, no)))[0];
}

describe('pay now', () => {
  it('gives an absolute sandbox QR for payType 2 with the server amount, and a form without scripts for payType 1', async () => {
    const o = await order({ persons: 2 });
    const qr = await payInfo(o.id, 2);
    expect(qr.code).toBe(200);
    expect(qr.data.wxPayQrcodeUrl).toBe(`https://photo.example.cn/sandbox/pay/${qr.data.paymentNo}`);
    expect(qr.data.amountFen).toBe(9000);
    const page = await payInfo(o.id, 1);
    expect(page.data.aliPayHtml).toMatch(/^<form [^>]*action="https:\/\/photo\.example\.cn\/sandbox\/pay\/P\d+"/);
    expect(page.data.aliPayHtml).not.toMatch(/<script/i);
    expect((await paymentRow(qr.data.paymentNo!)).state).toBe('closed');
    expect(await paymentRow(page.data.paymentNo!)).toMatchObject({
      provider: 'alipay',
      amountFen: 9000,
      state: 'pending',
    });
  });

  it('counts a zero amount as paid without a provider', async () => {
    const o = await order({ amountFen: 0 });
    const r = await payInfo(o.id, 2);
    expect(r.data).toEqual({ paid: true, amountFen: 0 });
    expect((await stateOf(o.id)).state).toBe(115);
    const rows = await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(rows.map((p) => [p.provider, p.state])).toEqual([['zero', 'paid']]);
  });

  it('refuses with 409 when shipping is missing (请先完善物流信息!) or the state does not allow paying', async () => {
    const noShip = await order({ withShipping: false });
    const r = await payInfo(noShip.id, 2);
    expect([r.status, r.code, r.msg]).toEqual([409, 409, '请先完善物流信息!']);
    const paid = await order({ amountFen: 0 });
    await payInfo(paid.id, 2);
    const again = await payInfo(paid.id, 2);
    expect([again.code, again.msg]).toEqual([409, '当前订单状态不允许支付']);
  });

  it("refuses another member's order with 404", async () => {
    const o = await order();
    const other = await memberSession(app);
    expect((await payInfo(o.id, 2, 'pay', other)).code).toBe(404);
    expect((await payInfo(o.id, 2, 'taskPay')).code).toBe(404);
  });
});

describe('notifications', () => {
  it('moves type 1 to 115 once, however often the same notification comes', async () => {
    const o = await order();
    const { data } = await payInfo(o.id, 2);
    const first = await notify(data.paymentNo!, 4500);
    expect(first.statusCode).toBe(204);
    const after = await stateOf(o.id);
    expect(after.state).toBe(115);
    const second = await notify(data.paymentNo!, 4500);
    expect(second.statusCode).toBe(204);
    const again = await stateOf(o.id);
    expect(again.payTime?.getTime()).toBe(after.payTime?.getTime());
    const p = await paymentRow(data.paymentNo!);
    expect(p.state).toBe('paid');
    expect(p.rawNotify).toMatchObject({ source: 'notify', notify: { out_trade_no: data.paymentNo } });
  });

  it('moves a reprint to 120 and a centralised order to 116', async () => {
    const rp = await order({ kind: 'reprint', persons: 3 });
    const r1 = await payInfo(rp.id, 2);
    expect(r1.data.amountFen).toBe(5000);
    await notify(r1.data.paymentNo!, 5000);
    expect((await stateOf(rp.id)).state).toBe(120);
    const tk = await order({ kind: 'task', withShipping: false });
    expect(
      (await call<{ wxpay: boolean }>(app, { url: `/api/taskPay/getPayType?id=${tk.id}`, session: me })).data,
    ).toEqual({ wxpay: true });
    const r2 = await payInfo(tk.id, 2, 'taskPay');
    await notify(r2.data.paymentNo!, 4500);
    expect((await stateOf(tk.id)).state).toBe(116);
  });

  it('ignores a failure notification that arrives after the payment, and honours a payment after a failure', async () => {
    const o = await order();
    const { data } = await payInfo(o.id, 2);
    await notify(data.paymentNo!, 4500, 'paid');
    await notify(data.paymentNo!, 4500, 'failed');
    expect((await paymentRow(data.paymentNo!)).state).toBe('paid');
    const o2 = await order();
    const r2 = await payInfo(o2.id, 2);
    await notify(r2.data.paymentNo!, 4500, 'failed');
    expect((await paymentRow(r2.data.paymentNo!)).state).toBe('failed');
    expect((await stateOf(o2.id)).state).toBe(110);
    await notify(r2.data.paymentNo!, 4500, 'paid');
    expect((await stateOf(o2.id)).state).toBe(115);
  });

  it('refuses and logs a wrong amount, a tampered signature, a stale timestamp and a wrong channel', async () => {
    const o = await order();
    const { data } = await payInfo(o.id, 2);
    const wrong = await notify(data.paymentNo!, 1);
    expect(wrong.statusCode).toBe(400);
    const logged = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.notifyRefused'), eq(auditLog.targetId, data.paymentNo!)));
    expect(logged[0]?.after).toMatchObject({ why: 'amount mismatch' });
    expect((await notify(data.paymentNo!, 4500, 'paid', { tamper: true })).statusCode).toBe(400);
    expect((await notify(data.paymentNo!, 4500, 'paid', { at: Date.now() - 301_000 })).statusCode).toBe(400);
    expect((await notify(data.paymentNo!, 4500, 'paid', { channel: 'alipay' })).statusCode).toBe(400);
    expect((await stateOf(o.id)).state).toBe(110);
    expect((await paymentRow(data.paymentNo!)).state).toBe('pending');
  });

  it('moves the order once when the notification races the poll', async () => {
    const o = await order();
    const { data } = await payInfo(o.id, 2);
    const n = {
      paymentNo: data.paymentNo!,
      state: 'paid' as const,
      amountFen: 4500,
      currency: 'CNY',
      tradeNo: 'T9',
      raw: {},
    };
    const outcomes = await Promise.all([
      settlePayment(app.ctx.db, n, 'wechat', 'notify', app.log),
      settlePayment(app.ctx.db, n, 'wechat', 'query', app.log),
    ]);
    expect(outcomes.sort()).toEqual(['duplicate', 'settled']);
    expect((await stateOf(o.id)).state).toBe(115);
  });

  it('sandbox: the cashier shows the amount, and Pay sends a signed notification that moves the order', async () => {
    const o = await order();
    const { data } = await payInfo(o.id, 2);
    const page = await app.inject({ url: `/sandbox/pay/${data.paymentNo}`, headers: { accept: 'text/html' } });
    expect(page.body).toContain('¥ 45.00');
    expect(page.body).toContain(`action="/sandbox/pay/${data.paymentNo}/pay"`);
    expect(page.body).not.toMatch(/<script/i);
    const paid = await app.inject({ method: 'POST', url: `/sandbox/pay/${data.paymentNo}/pay` });
    expect(paid.json().data.state).toBe('paid');
    for (let i = 0; i < 50 && (await stateOf(o.id)).state !== 115; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await stateOf(o.id)).state).toBe(115);
  });

  it('sandbox page flow: paying returns the browser to the portal', async () => {
    const o = await order();
    const { data } = await payInfo(o.id, 1);
    const r = await app.inject({
      method: 'POST',
      url: `/sandbox/pay/${data.paymentNo}/pay`,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'flow=page',
    });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe(`https://photo.example.cn/home/submitPhoto/pay?id=${o.id}&type=1&kind=individual`);
  });
});

describe('reconciliation', () => {
  /** An order paid at the provider whose notification never arrived (the order still 110). */
  async function paidWithNotificationLost() {
    const o = await order();
    const { data } = await payInfo(o.id, 2);
    sandbox().dropNotifications = true;
    await sandbox().complete(data.paymentNo!, 'paid');
    sandbox().dropNotifications = false;
    return { o, data };
  }

  it('settles a payment whose notification was lost, by asking the provider', async () => {
    const { o, data } = await paidWithNotificationLost();
    expect((await stateOf(o.id)).state).toBe(110);
    const r = await reconcilePayments(app.ctx, app.log, { graceMs: 0 });
    expect(r.ran).toBe(true);
    expect(r.settled).toBeGreaterThanOrEqual(1);
    expect((await stateOf(o.id)).state).toBe(115);
    expect((await paymentRow(data.paymentNo!)).rawNotify).toMatchObject({ source: 'query' });
  });

  it('two runs do not overlap and settle a payment once', async () => {
    const { o } = await paidWithNotificationLost();
    const spans: [number, number][] = [];
    const run = () => {
      const span: [number, number] = [0, 0];
      spans.push(span);
      return reconcilePayments(app.ctx, app.log, {
        graceMs: 0,
        onLocked: async () => {
          span[0] = performance.now();
          await new Promise((r) => setTimeout(r, 50));
          span[1] = performance.now();
        },
      });
    };
    const [a, b] = await Promise.all([run(), run()]);
    expect(a.settled + b.settled).toBe(1);
    const ran = spans.filter((s) => s[0] > 0).sort((x, y) => x[0] - y[0]);
    if (ran.length === 2) expect(ran[1][0]).toBeGreaterThanOrEqual(ran[0][1]);
    expect((await stateOf(o.id)).state).toBe(115);
  });

  it('closes unpaid orders older than the configured age', async () => {
    const o = await order();
    const r = await reconcilePayments(app.ctx, app.log, { now: new Date(Date.now() + 73 * 3600_000) });
    expect(r.closedOrders).toBeGreaterThanOrEqual(1);
    expect((await stateOf(o.id)).state).toBe(150);
  });
});

describe('refunds', () => {
  async function paidOrder(input: Partial<DevOrderInput> = {}) {
    const o = await order(input);
    const { data } = await payInfo(o.id, 2, input.kind === 'task' ? 'taskPay' : 'pay');
    await sandbox().complete(data.paymentNo!, 'paid');
    await notify(data.paymentNo!, data.amountFen);
    return o;
  }

  it('requests (退款申请已提交), refuses a second request, cancels (已取消退款), and requests again by creatRefund', async () => {
    const o = await paidOrder();
    const r = await call<{ status: number; refundNo: string }>(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
    // 退款成功 is for the moment the money is back (status 4), not for a request.
    expect([r.code, r.msg, r.data.status]).toEqual([200, '退款申请已提交', 1]);
    const en = await call(app, { url: `/api/pay/refund?id=${o.id}`, session: me, headers: { lang: 'en' } });
    expect(en.msg).toBe('A refund request already exists for this order');
    const twice = await call(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
    expect([twice.code, twice.msg]).toEqual([409, '退款申请已提交，请勿重复申请']);
    const c = await call(app, {
      method: 'POST',
      url: '/api/refund/cancelRefund',
      payload: { order_id: o.id },
      session: me,
    });
    expect([c.code, c.msg]).toEqual([200, '已取消退款']);
    expect((await call(app, { url: `/api/refund/status?id=${o.id}`, session: me })).data).toBeNull();
    const again = await call<{ status: number }>(app, {
      method: 'POST',
      url: '/api/refund/creatRefund',
      payload: { order_id: o.id },
      session: me,
    });
    expect([again.code, again.data.status]).toEqual([200, 1]);
  });

  it("takes the member's reason (a listed one plus free text); staff read it and the audit names the member", async () => {
    const o = await paidOrder();
    const bad = await call(app, { url: `/api/pay/refund?id=${o.id}&reasonCode=whatever`, session: me });
    expect([bad.code, bad.msg]).toEqual([400, '请选择退款原因']);
    const r = await call<{ id: number }>(app, {
      url: `/api/pay/refund?id=${o.id}&reasonCode=wrongInfo&reasonText=${encodeURIComponent('学校填错了')}`,
      session: me,
    });
    expect(r.code).toBe(200);
    const fin = await staffSession(app, 'finance');
    const [m] = await app.ctx.db.select().from(members).where(eq(members.id, me.memberId));
    expect(m.name).toBeTruthy();
    const list = await staffCall<{ id: number; reasonCode: string; reason: string; memberName: string }[]>(
      app,
      fin.token,
      '/api/console/refunds?status=1',
    );
    expect(list.data.find((x) => x.id === r.data.id)).toMatchObject({
      reasonCode: 'wrongInfo',
      reason: '学校填错了',
      memberName: m.name,
    });
    const admin = await staffSession(app, 'admin');
    const audit = await staffCall<{ rows: { action: string; actorKind: string; actorName: string | null }[] }>(
      app,
      admin.token,
      `/api/console/audit?targetKind=refund&targetId=${r.data.id}`,
    );
    const requested = audit.data.rows.find((a) => a.action === 'refund.request')!;
    expect([requested.actorKind, requested.actorName]).toEqual(['member', m.name]);
  });

  it('refuses a refund where the rules do not allow it', async () => {
    const o = await order();
    const r = await call(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
    expect([r.code, r.msg]).toEqual([409, '当前订单状态不允许退款']);
  });

  it('finance approves: the provider refunds, status 4, order closed, audit written', async () => {
    const o = await paidOrder();
    const req = await call<{ id: number }>(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
    const fin = await staffSession(app, 'finance');
    const list = await staffCall<{ id: number; mobile: string; orderNo: string; status: number }[]>(
      app,
      fin.token,
      '/api/console/refunds?status=1',
    );
    const row = list.data.find((x) => x.id === req.data.id)!;
    expect(row.mobile).toBe(`${me.mobile.slice(0, 3)}****${me.mobile.slice(7)}`);
    expect(row.orderNo).toBe(o.orderNo);
    const ok = await staffCall<{ status: number }>(app, fin.token, `/api/console/refunds/${req.data.id}/approve`, {});
    expect(ok.data.status).toBe(4);
    expect((await stateOf(o.id)).state).toBe(150);
    const logs = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'refund'), eq(auditLog.targetId, String(req.data.id))));
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['refund.request', 'refund.approve', 'refund.refunded']),
    );
    const reviewer = await staffSession(app, 'reviewer');
    expect((await call(app, { url: '/api/console/refunds', headers: { 'x-staff-token': reviewer.token } })).code).toBe(
      403,
    );
  });

  it('a failed provider refund is status 5 with the reason; the retry reuses the refund number and refunds once', async () => {
    const o = await paidOrder();
    const req = await call<{ id: number; refundNo: string }>(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
    const fin = await staffSession(app, 'finance');
    sandbox().failRefunds = 'SYSTEM_ERROR: sandbox refund outage';
    const failed = await staffCall<{ status: number; failReason: string }>(
      app,
      fin.token,
      `/api/console/refunds/${req.data.id}/approve`,
      {},
    );
    sandbox().failRefunds = null;
    expect([failed.data.status, failed.data.failReason]).toEqual([5, 'SYSTEM_ERROR: sandbox refund outage']);
    expect((await stateOf(o.id)).state).toBe(115);
    const retry = await staffCall<{ status: number; refundNo: string }>(
      app,
      fin.token,
      `/api/console/refunds/${req.data.id}/approve`,
      {},
    );
    expect([retry.data.status, retry.data.refundNo]).toEqual([4, req.data.refundNo]);
    const paymentNo = (
      await app.ctx.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.state, 'paid')))
    )[0].paymentNo;
    expect([...(await sandbox().trade(paymentNo))!.refunds.keys()]).toEqual([req.data.refundNo]);
  });

  // Only PostgreSQL runs two transactions at once (PGlite has one connection).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'asking again for a failed refund while finance retries it leaves the retry alone (no second request over it)',
    async () => {
      const o = await paidOrder();
      const req = await call<{ id: number }>(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
      const fin = await staffSession(app, 'finance');
      sandbox().failRefunds = 'SYSTEM_ERROR: sandbox refund outage';
      await staffCall(app, fin.token, `/api/console/refunds/${req.data.id}/approve`, {});
      sandbox().failRefunds = null;
      const statusOf = async () =>
        (await app.ctx.db.select().from(refunds).where(eq(refunds.id, req.data.id)))[0]!.status;
      expect(await statusOf()).toBe(5);

      // Finance's retry holds the refund and passes it; the member asks again before it commits.
      // Its own connection, as another instance's would be, outside the app's pool.
      const pool = (app.ctx.db as unknown as { $client: { options: pg.ClientConfig } }).$client;
      const finance = new pg.Client(pool.options);
      await finance.connect();
      try {
        await finance.query('begin');
        await finance.query('select id from refunds where id = $1 for update', [req.data.id]);
        await finance.query('update refunds set status = 3 where id = $1', [req.data.id]);
        const again = call(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
        // Only a session blocked by finance's own transaction counts: a lock wait of anything else
        // (a background run of this app) is not the member's request waiting on the refund.
        const waiting = async () =>
          Number(
            (
              await finance.query(
                'select count(*) as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
              )
            ).rows[0].n,
          );
        for (let i = 0; i < 500 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
        // Not waiting: the answer it gave instead, if any, shows in the failure.
        const blocked = (await waiting()) > 0;
        const early = await Promise.race([again, new Promise((r) => setTimeout(() => r(null), 0))]);
        expect({ blocked, early }).toEqual({ blocked: true, early: null });
        await finance.query('commit');
        const answer = await again;
        expect([answer.code, answer.msg]).toEqual([409, '退款申请已提交，请勿重复申请']);
      } finally {
        await finance.end();
      }
      expect(await statusOf()).toBe(3);
    },
  );

  it('finance refuses with a reason: status 5 with that reason', async () => {
    const o = await paidOrder();
    const req = await call<{ id: number }>(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
    const fin = await staffSession(app, 'finance');
    const empty = await staffCall(app, fin.token, `/api/console/refunds/${req.data.id}/refuse`, { reason: ' ' });
    expect(empty.code).toBe(400);
    const r = await staffCall<{ status: number; failReason: string }>(
      app,
      fin.token,
      `/api/console/refunds/${req.data.id}/refuse`,
      { reason: '照片已制作' },
    );
    expect([r.data.status, r.data.failReason]).toEqual([5, '照片已制作']);
    const row = (await app.ctx.db.select().from(refunds).where(eq(refunds.id, req.data.id)))[0];
    expect(row.status).toBe(5);
  });

  // On PostgreSQL a notification locked the payment and then the order while a refund request
  // locked the order and then (its refund row's reference) the payment: a deadlock, and one of
  // the two answered 500. Repeated notifications keep the payment locked; the member asks meanwhile.
  it('a refund request racing repeated payment notifications answers 200; every notification is acknowledged', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await paidOrder();
      const { paymentNo, amountFen } = (await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id)))[0];
      const acks = Array.from({ length: 12 }, () => notify(paymentNo, amountFen));
      const r = await call<{ status: number }>(app, { url: `/api/pay/refund?id=${o.id}`, session: me });
      expect([r.code, r.msg, r.data?.status]).toEqual([200, '退款申请已提交', 1]);
      expect((await Promise.all(acks)).map((a) => a.statusCode)).toEqual(Array(12).fill(204));
      const rows = await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, o.id));
      expect(rows.map((x) => [x.status, x.origin])).toEqual([[1, 'member']]);
    }
  });

  it('centralised refunds go through /api/taskPay/refund', async () => {
    const o = await paidOrder({ kind: 'task', withShipping: false });
    const r = await call<{ status: number }>(app, { url: `/api/taskPay/refund?id=${o.id}`, session: me });
    expect([r.code, r.data.status]).toEqual([200, 1]);
  });
});
