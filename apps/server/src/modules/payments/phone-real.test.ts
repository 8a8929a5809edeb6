import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import { call, memberSession, testApp, type Session } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import type { Answer, SeenCall } from '../../providers/pay/platform-gateway.testkit.ts';
import { WechatMpOAuth } from '../../providers/wechat-mp-auth.ts';
import { ALI_APP, APPID, MCH, MP_APPID, platformsBehindGateway } from '../../../test/pay-platforms.ts';

/**
 * Phone payments through the routes with the real adapters (WeChat Pay, Alipay, the official
 * account's authorisation) against the platforms' side behind an in-process gateway.
 */
const apiV3Key = '0123456789abcdef0123456789abcdef';
const { wx, ali, gateway, adapters } = platformsBehindGateway(apiV3Key);
let app: FastifyInstance;
let me: Session & { mobile: string };
let wxAnswers: Record<string, Answer> = {};
let aliAnswers: Record<string, Answer> = {};

beforeAll(async () => {
  await gateway.start();
  gateway.wechatScript = (c: SeenCall) => {
    const key = Object.keys(wxAnswers).find((k) => `${c.method} ${c.path}`.startsWith(k));
    return key ? wxAnswers[key] : undefined;
  };
  gateway.alipayScript = (c: SeenCall) => aliAnswers[c.params?.method ?? ''];
  app = await testApp({ publicUrl: 'https://photo.example.cn' });
  me = await memberSession(app);
  Object.assign(app.ctx.pay, adapters());
  app.ctx.wechatMp = new WechatMpOAuth({
    appId: MP_APPID,
    appSecret: 'mp-secret-0123456789abcdef',
    apiUrl: gateway.url,
    timeoutMs: 1500,
  });
});
afterAll(async () => {
  await app.close();
  await gateway.stop();
});
beforeEach(() => {
  wxAnswers = {
    'GET /sns/oauth2/access_token': {
      body: { access_token: 'AT', expires_in: 7200, openid: 'oPayer01', scope: 'snsapi_base' },
    },
    'POST /v3/pay/transactions/jsapi': { body: { prepay_id: 'wx2026prepay01' } },
    'POST /v3/pay/transactions/h5': {
      body: { h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=x' },
    },
    'GET /v3/pay/transactions/out-trade-no/': {
      body: { trade_state: 'NOTPAY', amount: { total: 4500, currency: 'CNY' } },
    },
  };
  aliAnswers = {};
});

const orderState = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0].state;
const newOrder = () => createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
const phonePay = (payload: object) =>
  call<{ paymentNo?: string; jsapi?: { package: string }; h5Url?: string; aliPayHtml?: string }>(app, {
    method: 'POST',
    url: '/api/pay/phonePay',
    payload,
    session: me,
  });
const status = (id: number, paymentNo: string) =>
  call<{ paymentState: string; orderState: number }>(app, {
    method: 'GET',
    url: `/api/pay/status?id=${id}&paymentNo=${paymentNo}`,
    session: me,
  });
const wxTx = (appid: string, paymentNo: string) => ({
  mchid: MCH,
  appid,
  out_trade_no: paymentNo,
  transaction_id: `4200${Date.now()}`,
  trade_state: 'SUCCESS',
  amount: { total: 4500, currency: 'CNY' },
});
const notifyWechat = (body: string, key?: string) =>
  app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: wx.headers(body, { key }), payload: body });

/** The authorisation as WeChat would hand it back: its state from the pay page's options, a code of WeChat's. */
async function authorised(id: number) {
  const o = await call<{ wechatAuthUrl: string }>(app, {
    method: 'GET',
    url: `/api/pay/phoneOptions?id=${id}`,
    session: me,
  });
  const url = new URL(o.data.wechatAuthUrl);
  expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
  expect(url.hash).toBe('#wechat_redirect');
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    appid: MP_APPID,
    scope: 'snsapi_base',
    response_type: 'code',
    redirect_uri: `https://photo.example.cn/phoneModify/orders/${id}/pay`,
  });
  return { code: '061Xy0ll2cTTCe4FS0nl2XCaH03Xy0lT', state: url.searchParams.get('state')! };
}

describe('JSAPI inside WeChat, for real', () => {
  it("orders for the openid WeChat gives for the code; a forged notification settles nothing, WeChat Pay's does", async () => {
    const o = await newOrder();
    const r = await phonePay({ id: o.id, way: 'jsapi', ...(await authorised(o.id)) });
    expect(r.code).toBe(200);
    expect(r.data.jsapi!.package).toBe('prepay_id=wx2026prepay01');
    const token = gateway.callsTo('GET /sns/oauth2/access_token').at(-1)!;
    expect(Object.fromEntries(new URL(token.path, 'http://x').searchParams)).toMatchObject({
      appid: MP_APPID,
      code: '061Xy0ll2cTTCe4FS0nl2XCaH03Xy0lT',
      grant_type: 'authorization_code',
    });
    const order = JSON.parse(gateway.callsTo('POST /v3/pay/transactions/jsapi').at(-1)!.body);
    expect(order).toMatchObject({ appid: MP_APPID, payer: { openid: 'oPayer01' }, amount: { total: 4500 } });

    const body = wx.notification('TRANSACTION.SUCCESS', wxTx(MP_APPID, r.data.paymentNo!));
    expect((await notifyWechat(body, wx.stranger.privatePem)).statusCode).toBe(400);
    expect(await orderState(o.id)).toBe(110);
    expect((await notifyWechat(body)).statusCode).toBe(204);
    expect(await orderState(o.id)).toBe(115);
  });

  it('a code WeChat says was used asks the member to open the page again; nothing is ordered', async () => {
    const o = await newOrder();
    wxAnswers['GET /sns/oauth2/access_token'] = { body: { errcode: 40163, errmsg: 'code been used' } };
    const before = gateway.callsTo('POST /v3/pay/transactions/jsapi').length;
    const r = await phonePay({ id: o.id, way: 'jsapi', ...(await authorised(o.id)) });
    expect([r.code, r.msg]).toEqual([400, '微信授权已失效，请重新打开支付页面']);
    expect(gateway.callsTo('POST /v3/pay/transactions/jsapi')).toHaveLength(before);
  });
});

describe('returning before the money is known', () => {
  it('H5: a return before the notification finds the payment open; the notification then pays the order', async () => {
    const o = await newOrder();
    const r = await phonePay({ id: o.id, way: 'h5' });
    expect(r.data.h5Url).toContain('&redirect_url=https%3A%2F%2Fphoto.example.cn%2FphoneModify%2Fpay%2Freturn');
    const h5 = JSON.parse(gateway.callsTo('POST /v3/pay/transactions/h5').at(-1)!.body);
    expect(h5.scene_info.payer_client_ip).toBeTruthy();
    // The member taps 支付完成 before WeChat Pay's notification: the platform still says NOTPAY.
    expect((await status(o.id, r.data.paymentNo!)).data).toMatchObject({ paymentState: 'pending', orderState: 110 });
    // A forged H5 notification (another key) changes nothing.
    const body = wx.notification('TRANSACTION.SUCCESS', wxTx(APPID, r.data.paymentNo!));
    expect((await notifyWechat(body, wx.stranger.privatePem)).statusCode).toBe(400);
    expect(await orderState(o.id)).toBe(110);
    expect((await notifyWechat(body)).statusCode).toBe(204);
    expect((await status(o.id, r.data.paymentNo!)).data).toMatchObject({ paymentState: 'paid', orderState: 115 });
  });

  it('Alipay WAP: a return without payment leaves the order unpaid, whatever the return URL carries', async () => {
    const o = await newOrder();
    const r = await phonePay({ id: o.id, way: 'wap' });
    expect(r.data.aliPayHtml).toContain('alipay.trade.wap.pay');
    aliAnswers['alipay.trade.query'] = {
      body: { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' },
    };
    expect((await status(o.id, r.data.paymentNo!)).data).toMatchObject({ paymentState: 'pending', orderState: 110 });
    aliAnswers['alipay.trade.query'] = {
      body: { code: '10000', msg: 'Success', trade_status: 'WAIT_BUYER_PAY', total_amount: '45.00' },
    };
    expect((await status(o.id, r.data.paymentNo!)).data).toMatchObject({ paymentState: 'pending', orderState: 110 });
    // Alipay's signed notification is what pays it.
    const form = ali.notification({
      app_id: ALI_APP,
      out_trade_no: r.data.paymentNo!,
      trade_no: '2026112722001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '45.00',
      notify_time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(res.body).toBe('success');
    expect(await orderState(o.id)).toBe(115);
  });
});
