import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, orders, payments, refunds } from '../../db/schema.ts';
import { call, staffCall, memberSession, staffSession, testApp, type Session } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import { type Answer, type SeenCall } from '../../providers/pay/platform-gateway.testkit.ts';
import { reconcilePayments } from './reconcile.ts';
import { ALI_APP, APPID, MCH, platformsBehindGateway } from '../../../test/pay-platforms.ts';

/**
 * The real adapters end to end (PostgreSQL when TEST_DATABASE_URL is set, else PGlite),
 * against the platforms played by wechatpay-axios-plugin and Alipay's documented RSA2
 * rules, behind an in-process gateway with scripted answers.
 */
const apiV3Key = '0123456789abcdef0123456789abcdef';
const { wx, ali, gateway, adapters } = platformsBehindGateway(apiV3Key);

let app: FastifyInstance;
let me: Session & { mobile: string };
let finance: { token: string };
/** WeChat answers by "METHOD /path" prefix; each entry answers once unless it is the last. */
let wxAnswers: Record<string, Answer[]> = {};
let aliAnswers: Record<string, Answer[]> = {};

const next = (table: Record<string, Answer[]>, key: string) => {
  const list = table[key];
  if (!list?.length) return undefined;
  return list.length > 1 ? list.shift() : list[0];
};

beforeAll(async () => {
  await gateway.start();
  gateway.wechatScript = (c: SeenCall) => {
    const key = Object.keys(wxAnswers).find((k) => `${c.method} ${c.path}`.startsWith(k));
    return key ? next(wxAnswers, key) : undefined;
  };
  gateway.alipayScript = (c: SeenCall) => next(aliAnswers, c.params?.method ?? '');
  app = await testApp({ publicUrl: 'https://photo.example.cn' });
  me = await memberSession(app);
  finance = await staffSession(app, 'finance');
  Object.assign(app.ctx.pay, adapters());
});
afterAll(async () => {
  await app.close();
  await gateway.stop();
});
beforeEach(() => {
  wxAnswers = { 'POST /v3/pay/transactions/native': [{ body: { code_url: 'weixin://wxpay/bizpayurl?pr=t' } }] };
  aliAnswers = {};
});

const orderRow = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const paymentRow = async (no: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.paymentNo, no)))[0];
const refundsOf = async (orderId: number) =>
  app.ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.id);

async function payInfo(id: number, payType: 1 | 2, scope = 'pay', headers: Record<string, string> = {}) {
  return call<{ paymentNo?: string; paid: boolean; amountFen: number }>(app, {
    method: 'POST',
    url: `/api/${scope}/getPayInfo`,
    payload: { id, payType },
    session: me,
    headers,
  });
}
function wxTx(paymentNo: string, total = 4500, state = 'SUCCESS') {
  return {
    mchid: MCH,
    appid: APPID,
    out_trade_no: paymentNo,
    transaction_id: `4200${Date.now()}`,
    trade_state: state,
    amount: { total, payer_total: total, currency: 'CNY', payer_currency: 'CNY' },
  };
}
async function wxNotify(eventType: string, resource: object) {
  const body = wx.notification(eventType, resource);
  return app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: wx.headers(body), payload: body });
}
async function aliNotify(paymentNo: string, status: string, amount = '45.00') {
  const params = {
    app_id: ALI_APP,
    out_trade_no: paymentNo,
    trade_no: `2026${Date.now()}`,
    trade_status: status,
    total_amount: amount,
    notify_time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
  };
  return app.inject({
    method: 'POST',
    url: '/api/pay/notify/alipay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: ali.notification(params),
  });
}
/** An individual order paid by WeChat (QR, then the platform's notification). */
async function paidByWechat() {
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
  const r = await payInfo(o.id, 2);
  expect((await wxNotify('TRANSACTION.SUCCESS', wxTx(r.data.paymentNo!))).statusCode).toBe(204);
  expect((await orderRow(o.id)).state).toBe(115);
  return { o, paymentNo: r.data.paymentNo! };
}
async function memberRefund(orderId: number) {
  const r = await call<{ id: number }>(app, { method: 'GET', url: `/api/pay/refund?id=${orderId}`, session: me });
  expect(r.code).toBe(200);
  return r.data.id;
}
const approve = (id: number) =>
  call(app, { method: 'POST', url: `/api/console/refunds/${id}/approve`, headers: { 'x-staff-token': finance.token } });

describe('row 1: an unverified Alipay answer never settles', () => {
  it('the pay-page poll ignores unsigned and foreign-signed query answers and settles on a signed one', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    const { data } = await payInfo(o.id, 1);
    const paid = {
      code: '10000',
      msg: 'Success',
      out_trade_no: data.paymentNo,
      trade_no: '2026X',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '45.00',
    };
    const poll = () =>
      call<{ orderState: number; paymentState: string }>(app, {
        method: 'GET',
        url: `/api/pay/status?id=${o.id}&paymentNo=${data.paymentNo}`,
        session: me,
      });
    aliAnswers['alipay.trade.query'] = [{ body: paid, sign: 'none' }];
    expect((await poll()).data).toMatchObject({ orderState: 110, paymentState: 'pending' });
    aliAnswers['alipay.trade.query'] = [{ body: paid, sign: 'other' }];
    expect((await poll()).data).toMatchObject({ orderState: 110, paymentState: 'pending' });
    aliAnswers['alipay.trade.query'] = [{ body: paid }];
    expect((await poll()).data).toMatchObject({ orderState: 115, paymentState: 'paid' });
  });
});

describe('row 3: Alipay trade states', () => {
  it('WAIT_BUYER_PAY is acknowledged and changes nothing; TRADE_CLOSED fails the payment', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    const { data } = await payInfo(o.id, 1);
    const wait = await aliNotify(data.paymentNo!, 'WAIT_BUYER_PAY');
    expect([wait.statusCode, wait.body]).toEqual([200, 'success']);
    expect((await paymentRow(data.paymentNo!)).state).toBe('pending');
    expect((await orderRow(o.id)).state).toBe(110);
    expect((await aliNotify(data.paymentNo!, 'TRADE_CLOSED')).body).toBe('success');
    expect((await paymentRow(data.paymentNo!)).state).toBe('failed');
  });
});

describe('row 9: parallel approvals', () => {
  it('ten approvals of one refund call the provider once', async () => {
    const { o } = await paidByWechat();
    const refundId = await memberRefund(o.id);
    wxAnswers['POST /v3/refund/domestic/refunds'] = [{ body: { status: 'SUCCESS', out_refund_no: 'x' } }];
    const before = gateway.callsTo('POST /v3/refund/domestic/refunds').length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => approve(refundId)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409).map((a) => a.msg)[0]).toBe('该退款申请当前状态不允许此操作');
    expect(gateway.callsTo('POST /v3/refund/domestic/refunds').length - before).toBe(1);
    expect((await refundsOf(o.id))[0].status).toBe(4);
    expect((await orderRow(o.id)).state).toBe(150);
  });
});

describe('row 10: URLs from PUBLIC_URL only', () => {
  it('a forged Host header does not choose the notify URL', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    await payInfo(o.id, 2, 'pay', { host: 'evil.example' });
    const sent = JSON.parse(gateway.callsTo('POST /v3/pay/transactions/native').at(-1)!.body) as { notify_url: string };
    expect(sent.notify_url).toBe('https://photo.example.cn/api/pay/notify/wechat');
  });
});

describe('rows 4 and 5: WeChat refunds in progress and their notifications', () => {
  it('PROCESSING keeps the refund in progress; REFUND.SUCCESS closes the order once', async () => {
    const { o } = await paidByWechat();
    const refundId = await memberRefund(o.id);
    wxAnswers['POST /v3/refund/domestic/refunds'] = [{ body: { status: 'PROCESSING' } }];
    expect((await approve(refundId)).code).toBe(200);
    const sent = JSON.parse(gateway.callsTo('POST /v3/refund/domestic/refunds').at(-1)!.body) as {
      notify_url: string;
      out_refund_no: string;
      out_trade_no: string;
    };
    expect(sent.notify_url).toBe('https://photo.example.cn/api/pay/notify/wechat');
    expect((await refundsOf(o.id))[0].status).toBe(3);
    expect((await orderRow(o.id)).state).toBe(115);
    const success = {
      mchid: MCH,
      out_trade_no: sent.out_trade_no,
      transaction_id: '42',
      out_refund_no: sent.out_refund_no,
      refund_id: '50',
      refund_status: 'SUCCESS',
      amount: { total: 4500, refund: 4500, payer_total: 4500, payer_refund: 4500 },
    };
    expect((await wxNotify('REFUND.SUCCESS', success)).statusCode).toBe(204);
    expect((await wxNotify('REFUND.SUCCESS', success)).statusCode).toBe(204);
    expect((await refundsOf(o.id))[0].status).toBe(4);
    expect((await orderRow(o.id)).state).toBe(150);
    const done = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'refund.refunded'), eq(auditLog.targetId, String(refundId))));
    expect(done).toHaveLength(1);
  });

  it('PROCESSING then SUCCESS by polling the refund query closes the order', async () => {
    const { o } = await paidByWechat();
    const refundId = await memberRefund(o.id);
    wxAnswers['POST /v3/refund/domestic/refunds'] = [{ body: { status: 'PROCESSING' } }];
    await approve(refundId);
    const refundNo = (await refundsOf(o.id))[0].refundNo;
    wxAnswers[`GET /v3/refund/domestic/refunds/${refundNo}`] = [
      { status: 500, body: { code: 'SYSTEM_ERROR', message: 'busy' } },
      { body: { out_refund_no: refundNo, status: 'PROCESSING' } },
      { body: { out_refund_no: refundNo, status: 'SUCCESS' } },
    ];
    const later = new Date(Date.now() + 5 * 60_000);
    await reconcilePayments(app.ctx, app.log, { now: later });
    await reconcilePayments(app.ctx, app.log, { now: later });
    expect((await refundsOf(o.id))[0].status).toBe(3);
    expect((await orderRow(o.id)).state).toBe(115);
    await reconcilePayments(app.ctx, app.log, { now: later });
    expect((await refundsOf(o.id))[0].status).toBe(4);
    expect((await orderRow(o.id)).state).toBe(150);
  });

  it('REFUND.ABNORMAL is refund failed (5) with the reason; a foreign merchant is refused', async () => {
    const { o } = await paidByWechat();
    const refundId = await memberRefund(o.id);
    wxAnswers['POST /v3/refund/domestic/refunds'] = [{ body: { status: 'PROCESSING' } }];
    await approve(refundId);
    const r = (await refundsOf(o.id))[0];
    const abnormal = {
      mchid: MCH,
      out_trade_no: 'x',
      out_refund_no: r.refundNo,
      refund_id: '51',
      refund_status: 'ABNORMAL',
      amount: { total: 4500, refund: 4500 },
    };
    expect((await wxNotify('REFUND.ABNORMAL', { ...abnormal, mchid: '1900000009' })).statusCode).toBe(400);
    expect((await wxNotify('REFUND.ABNORMAL', abnormal)).statusCode).toBe(204);
    const after = (await refundsOf(o.id))[0];
    expect(after.status).toBe(5);
    expect(after.failReason).toMatch(/^ABNORMAL/);
    expect((await orderRow(o.id)).state).toBe(115);
  });
});

describe('row 6: one charge per order', () => {
  it('a new payment closes the previous one at the platform; a late charge of it is refunded automatically', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    const first = (await payInfo(o.id, 2)).data.paymentNo!;
    wxAnswers[`POST /v3/pay/transactions/out-trade-no/${first}/close`] = [{ status: 204 }];
    const second = (await payInfo(o.id, 1)).data.paymentNo!;
    expect(gateway.callsTo(`POST /v3/pay/transactions/out-trade-no/${first}/close`).at(-1)!.signatureOk).toBe(true);
    expect((await paymentRow(first)).state).toBe('closed');
    expect((await aliNotify(second, 'TRADE_SUCCESS')).body).toBe('success');
    expect((await orderRow(o.id)).state).toBe(115);
    // The first QR was paid anyway (a race with the close): the money goes back by itself.
    wxAnswers['POST /v3/refund/domestic/refunds'] = [{ body: { status: 'SUCCESS' } }];
    expect((await wxNotify('TRANSACTION.SUCCESS', wxTx(first))).statusCode).toBe(204);
    const refund = (await refundsOf(o.id)).find((r) => r.origin === 'automatic')!;
    expect(refund).toMatchObject({ status: 4, amountFen: 4500 });
    expect(JSON.parse(gateway.callsTo('POST /v3/refund/domestic/refunds').at(-1)!.body)).toMatchObject({
      out_trade_no: first,
      out_refund_no: refund.refundNo,
    });
    expect((await orderRow(o.id)).state).toBe(115);
    expect((await paymentRow(second)).state).toBe('paid');
    // Finance sees it.
    const list = await staffCall<{ origin: string; orderId: number }[]>(
      app,
      finance.token,
      '/api/console/refunds?origin=automatic',
    );
    expect(list.data.some((r) => r.orderId === o.id && r.origin === 'automatic')).toBe(true);
  });

  it('when the platform says the previous one was paid, that one settles the order and no new payment is issued', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    const first = (await payInfo(o.id, 2)).data.paymentNo!;
    wxAnswers[`POST /v3/pay/transactions/out-trade-no/${first}/close`] = [
      { status: 400, body: { code: 'ORDERPAID', message: '订单已支付' } },
    ];
    wxAnswers[`GET /v3/pay/transactions/out-trade-no/${first}`] = [{ body: wxTx(first) }];
    const again = await payInfo(o.id, 1);
    expect(again.data).toEqual({ paid: true, amountFen: 4500 });
    expect((await orderRow(o.id)).state).toBe(115);
    expect((await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id))).map((p) => p.state)).toEqual([
      'paid',
    ]);
  });

  it('a platform that times out or answers 5xx on close: no second payment is issued (503)', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    const first = (await payInfo(o.id, 2)).data.paymentNo!;
    wxAnswers[`POST /v3/pay/transactions/out-trade-no/${first}/close`] = [
      { status: 502, body: { code: 'SYSTEM_ERROR' } },
    ];
    const r = await payInfo(o.id, 2);
    expect([r.status, r.msg]).toEqual([503, '支付服务暂不可用，请稍后再试']);
    expect((await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id))).map((p) => p.state)).toEqual([
      'pending',
    ]);
  });
});

describe('row 7: deleting a task order while its payment is in flight', () => {
  it('closes the order instead, keeps the payment, and refunds a late charge', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'task' });
    const no = (await payInfo(o.id, 2, 'taskPay')).data.paymentNo!;
    wxAnswers[`POST /v3/pay/transactions/out-trade-no/${no}/close`] = [{ status: 204 }];
    const del = await call(app, { method: 'GET', url: `/api/taskOrder/deleteOrder?id=${o.id}`, session: me });
    expect(del.code).toBe(200);
    expect((await orderRow(o.id)).state).toBe(150);
    expect((await paymentRow(no)).state).toBe('closed');
    wxAnswers['POST /v3/refund/domestic/refunds'] = [{ body: { status: 'SUCCESS' } }];
    expect((await wxNotify('TRANSACTION.SUCCESS', wxTx(no))).statusCode).toBe(204);
    expect((await paymentRow(no)).state).toBe('paid');
    expect((await refundsOf(o.id)).map((r) => [r.origin, r.status])).toEqual([['automatic', 4]]);
    expect((await orderRow(o.id)).state).toBe(150);
  });

  it('an order without any payment is still deleted', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'task' });
    expect((await call(app, { method: 'GET', url: `/api/taskOrder/deleteOrder?id=${o.id}`, session: me })).code).toBe(
      200,
    );
    expect(await orderRow(o.id)).toBeUndefined();
  });
});

describe('row 8: a pending refund blocks review, production and shipping', () => {
  it('staff are refused with the reason until finance decides the refund', async () => {
    const { o } = await paidByWechat();
    const refundId = await memberRefund(o.id);
    const reviewer = await staffSession(app, 'reviewer');
    const review = await staffCall(app, reviewer.token, '/api/console/orders/transition', {
      ids: [o.id],
      action: 'approve',
    });
    expect([review.status, review.msg]).toEqual([
      409,
      '该订单有待处理的退款申请，请先在退款管理中处理（同意或拒绝）后再审核、制作或发货',
    ]);
    expect((await orderRow(o.id)).state).toBe(115);
    const refused = await staffCall(app, finance.token, `/api/console/refunds/${refundId}/refuse`, {
      reason: '照片已审核',
    });
    expect(refused.code).toBe(200);
    const again = await staffCall(app, reviewer.token, '/api/console/orders/transition', {
      ids: [o.id],
      action: 'approve',
    });
    expect(again.code).toBe(200);
    expect((await orderRow(o.id)).state).toBe(120);
  });
});
