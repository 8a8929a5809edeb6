import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.ts';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { usePaySandboxApp } from '../../../test/member-apps.ts';
import { createDevOrder } from '../dev/dev-orders.ts';

/** Paying on a phone in the sandbox: the ways offered, WeChat's authorisation, the three cashiers. */
let app: FastifyInstance;
let me: Session & { mobile: string };
usePaySandboxApp((t) => ({ app, me } = t));

const BASE = 'https://photo.example.cn';
const order = (amountFen?: number) =>
  createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual', ...(amountFen !== undefined ? { amountFen } : {}) });
const orderState = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0].state;
const paymentRow = async (no: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.paymentNo, no)))[0];

type Options = {
  amountFen: number;
  payable: boolean;
  ways: Record<string, boolean>;
  wechatAuthUrl: string | null;
};
type PhonePay = {
  paid: boolean;
  amountFen: number;
  paymentNo?: string;
  jsapi?: Record<string, string>;
  h5Url?: string;
  aliPayHtml?: string;
  cashierUrl?: string;
};
const options = (id: number, session = me) =>
  call<Options>(app, { method: 'GET', url: `/api/pay/phoneOptions?id=${id}`, session });
const phonePay = (payload: object, session = me) =>
  call<PhonePay>(app, { method: 'POST', url: '/api/pay/phonePay', payload, session });

/** Goes through the sandbox official account's authorisation as WeChat's browser would: the code and state it returns. */
async function authorise(url: string): Promise<{ code: string; state: string }> {
  const u = new URL(url);
  const res = await app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(res.statusCode).toBe(302);
  const back = new URL(String(res.headers.location));
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

/** The sandbox cashier's Pay button as a browser posts it; where it sends the browser. */
async function payAtCashier(paymentNo: string, flow: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/sandbox/pay/${paymentNo}/pay`,
    headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `flow=${flow}`,
  });
  return res;
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the notification never settled the order');
}

describe('the phone pay page', () => {
  it("offers the three ways with the server's amount, and WeChat's authorisation back to the pay page", async () => {
    const o = await order();
    const r = await options(o.id);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ amountFen: 4500, payable: true, ways: { jsapi: true, h5: true, wap: true } });
    const auth = new URL(r.data.wechatAuthUrl!);
    expect(auth.pathname).toBe('/sandbox/mp-oauth/authorize');
    expect(auth.searchParams.get('scope')).toBe('snsapi_base');
    expect(auth.searchParams.get('redirect_uri')).toBe(`${BASE}/phoneModify/orders/${o.id}/pay`);
  });

  it("answers 404 for another member's order, on both calls", async () => {
    const o = await order();
    const other = await memberSession(app);
    expect((await options(o.id, other)).code).toBe(404);
    expect((await phonePay({ id: o.id, way: 'h5' }, other)).code).toBe(404);
  });

  it('refuses an unknown way with a 400 naming the rule', async () => {
    const o = await order();
    const r = await phonePay({ id: o.id, way: 'cash' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('请选择支付方式');
  });
});

describe('WeChat Pay JSAPI inside WeChat', () => {
  it('pays with the openid of the authorisation: bridge parameters, the cashier, a signed notification', async () => {
    const o = await order();
    const { code, state } = await authorise((await options(o.id)).data.wechatAuthUrl!);
    const r = await phonePay({ id: o.id, way: 'jsapi', code, state });
    expect(r.code).toBe(200);
    const no = r.data.paymentNo!;
    expect(r.data.jsapi).toMatchObject({ package: `prepay_id=sbx_${no}`, signType: 'RSA' });
    expect(r.data.jsapi!.paySign).toBeTruthy();
    expect(r.data.cashierUrl).toBe(`${BASE}/sandbox/pay/${no}?flow=jsapi`);
    expect(await paymentRow(no)).toMatchObject({ provider: 'wechat', amountFen: 4500, state: 'pending' });
    expect((await payAtCashier(no, 'jsapi')).headers.location).toBe(
      `${BASE}/phoneModify/pay/return?id=${o.id}&paymentNo=${no}`,
    );
    await until(async () => (await orderState(o.id)) === 115);
  });

  it('refuses a missing authorisation, a state of another member, and a code used twice', async () => {
    const o = await order();
    const missing = await phonePay({ id: o.id, way: 'jsapi' });
    expect([missing.code, missing.msg]).toEqual([400, '请在微信中重新打开支付页面']);

    // Another member's authorisation (their state names them and their order) is refused on mine.
    const other = await memberSession(app);
    const theirOrder = await createDevOrder(app.ctx, { mobile: other.mobile, kind: 'individual' });
    const foreign = await authorise((await options(theirOrder.id, other)).data.wechatAuthUrl!);
    const stolen = await phonePay({ id: o.id, way: 'jsapi', ...foreign });
    expect([stolen.code, stolen.msg]).toEqual([400, '微信授权已失效，请重新打开支付页面']);

    const mine = await authorise((await options(o.id)).data.wechatAuthUrl!);
    expect((await phonePay({ id: o.id, way: 'jsapi', ...mine })).code).toBe(200);
    const again = await phonePay({ id: o.id, way: 'jsapi', ...mine });
    expect([again.code, again.msg]).toEqual([400, '微信授权已失效，请重新打开支付页面']);
    expect(await orderState(o.id)).toBe(110);
  });

  it('sends the browser back only into this portal', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/sandbox/mp-oauth/authorize?redirect_uri=${encodeURIComponent('https://evil.example.com/x')}&state=s`,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('WeChat Pay H5 and Alipay WAP in a phone browser', () => {
  it('H5: the cashier URL carries redirect_url to the return page; returning is no proof, the notification is', async () => {
    const o = await order();
    const r = await phonePay({ id: o.id, way: 'h5' });
    const no = r.data.paymentNo!;
    const returnUrl = `${BASE}/phoneModify/pay/return?id=${o.id}&paymentNo=${no}`;
    expect(r.data.h5Url).toBe(`${BASE}/sandbox/pay/${no}?flow=h5&redirect_url=${encodeURIComponent(returnUrl)}`);
    const page = await app.inject({
      method: 'GET',
      url: `/sandbox/pay/${no}?flow=h5`,
      headers: { accept: 'text/html' },
    });
    expect(page.body).toContain('¥ 45.00');
    expect(page.body).toContain('微信 H5 支付');
    // Before paying, the return page's query finds the payment open and the order unpaid.
    const before = await call<{ paymentState: string; orderState: number }>(app, {
      method: 'GET',
      url: `/api/pay/status?id=${o.id}&paymentNo=${no}`,
      session: me,
    });
    expect(before.data).toMatchObject({ paymentState: 'pending', orderState: 110 });
    expect((await payAtCashier(no, 'h5')).headers.location).toBe(returnUrl);
    await until(async () => (await orderState(o.id)) === 115);
  });

  it('WAP: a form to the cashier without script; the previous payment is closed first', async () => {
    const o = await order();
    const h5 = await phonePay({ id: o.id, way: 'h5' });
    const wap = await phonePay({ id: o.id, way: 'wap' });
    expect(wap.data.aliPayHtml).toMatch(/action="https:\/\/photo\.example\.cn\/sandbox\/pay\/P\d+"/);
    expect(wap.data.aliPayHtml).toContain('name="flow" value="wap"');
    expect(wap.data.aliPayHtml).not.toMatch(/<script/i);
    expect((await paymentRow(h5.data.paymentNo!)).state).toBe('closed');
    // The superseded cashier no longer takes money.
    const closed = await app.inject({
      method: 'GET',
      url: `/sandbox/pay/${h5.data.paymentNo}?flow=h5`,
      headers: { accept: 'text/html' },
    });
    expect(closed.body).toContain('交易已关闭');
    expect(await paymentRow(wap.data.paymentNo!)).toMatchObject({ provider: 'alipay', state: 'pending' });
    const back = await payAtCashier(wap.data.paymentNo!, 'wap');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toContain('/phoneModify/pay/return?id=');
    await until(async () => (await orderState(o.id)) === 115);
  });

  it('a zero amount counts as paid without a platform', async () => {
    const o = await order(0);
    const r = await phonePay({ id: o.id, way: 'wap' });
    expect(r.data).toEqual({ paid: true, amountFen: 0 });
    expect(await orderState(o.id)).toBe(115);
  });
});
