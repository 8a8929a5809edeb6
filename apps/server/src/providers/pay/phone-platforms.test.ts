import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Formatter, Rsa } from 'wechatpay-axios-plugin';
import { ALI_APP, APPID, MCH, MP_APPID, platformsBehindGateway } from '../../../test/pay-platforms.ts';
import type { AlipayPage } from './alipay.ts';
import type { WechatPayV3 } from './wechat-v3.ts';

/**
 * The phone ways of the real adapters against the platforms' side: WeChat Pay played by
 * wechatpay-axios-plugin (request signatures, answers, AES-GCM notifications, the JSAPI paySign
 * checked as WeChat's client does), Alipay by its documented RSA2 rules.
 */
const apiV3Key = 'abcdefghijklmnopqrstuvwxyz012345';
const { merchant, appKeys, wx, gateway, adapters } = platformsBehindGateway(apiV3Key);
let wechat: WechatPayV3;
let alipay: AlipayPage;

beforeAll(async () => {
  await gateway.start();
  ({ wechat, alipay } = adapters());
});
afterAll(async () => gateway.stop());

const input = (over: object = {}) => ({
  paymentNo: 'P100',
  amountFen: 4500,
  subject: '学生图像采集 O1',
  notifyUrl: 'https://photo.example.cn/api/pay/notify/wechat',
  returnUrl: 'https://photo.example.cn/phoneModify/pay/return?id=7&paymentNo=P100',
  baseUrl: 'https://photo.example.cn',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  ...over,
});
const tx = (appid: string, over: object = {}) => ({
  mchid: MCH,
  appid,
  out_trade_no: 'P100',
  transaction_id: '4200000001',
  trade_state: 'SUCCESS',
  amount: { total: 4500, currency: 'CNY' },
  ...over,
});

describe('WeChat Pay JSAPI', () => {
  it('orders under the official account with the payer openid; paySign verifies as WeChat checks it', async () => {
    gateway.wechatScript = (c) =>
      c.path === '/v3/pay/transactions/jsapi'
        ? { body: { prepay_id: 'wx201410272009395522657a690389285100' } }
        : undefined;
    const r = await wechat.createPayment(input({ way: 'jsapi', openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }));
    const call = gateway.callsTo('POST /v3/pay/transactions/jsapi').at(-1)!;
    expect(call.signatureOk).toBe(true);
    expect(JSON.parse(call.body)).toMatchObject({
      appid: MP_APPID,
      mchid: MCH,
      out_trade_no: 'P100',
      amount: { total: 4500, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    const p = r.jsapi!;
    expect(p).toMatchObject({ appId: MP_APPID, package: 'prepay_id=wx201410272009395522657a690389285100' });
    expect(p.signType).toBe('RSA');
    const signed = Formatter.joinedByLineFeed(p.appId, p.timeStamp, p.nonceStr, p.package);
    expect(Rsa.verify(signed, p.paySign, merchant.publicPem)).toBe(true);
    expect(Rsa.verify(signed, p.paySign, wx.stranger.publicPem)).toBe(false);
  });

  it("a JSAPI notification under the official account's app id settles; a forged one never does", async () => {
    const body = wx.notification('TRANSACTION.SUCCESS', tx(MP_APPID));
    expect(await wechat.verifyNotify(wx.headers(body), body)).toMatchObject({
      paymentNo: 'P100',
      state: 'paid',
      amountFen: 4500,
    });
    // Signed by a key that is not WeChat Pay's.
    await expect(wechat.verifyNotify(wx.headers(body, { key: wx.stranger.privatePem }), body)).rejects.toThrow(
      'bad signature',
    );
    // WeChat Pay's signature but a resource encrypted under another API v3 key.
    const other = platformsBehindGateway('zyxwvutsrqponmlkjihgfedcba543210').wx;
    const foreign = other.notification('TRANSACTION.SUCCESS', tx(MP_APPID));
    await expect(wechat.verifyNotify(wx.headers(foreign), foreign)).rejects.toThrow('cannot decrypt');
    // Another app's payment.
    const stranger = wx.notification('TRANSACTION.SUCCESS', tx('wx9999999999999999'));
    await expect(wechat.verifyNotify(wx.headers(stranger), stranger)).rejects.toThrow('merchant or app mismatch');
  });
});

describe('WeChat Pay H5', () => {
  it("orders with scene_info.h5_info and the payer's IP; the page gets h5_url with redirect_url", async () => {
    const h5 = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016&package=1037687096';
    gateway.wechatScript = (c) => (c.path === '/v3/pay/transactions/h5' ? { body: { h5_url: h5 } } : undefined);
    const r = await wechat.createPayment(input({ way: 'h5', clientIp: '203.0.113.7' }));
    const call = gateway.callsTo('POST /v3/pay/transactions/h5').at(-1)!;
    expect(call.signatureOk).toBe(true);
    expect(JSON.parse(call.body)).toMatchObject({
      appid: APPID,
      scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } },
    });
    expect(r.h5Url).toBe(`${h5}&redirect_url=${encodeURIComponent(input().returnUrl)}`);
  });

  it('an H5 notification signed by WeChat Pay settles; an unsigned or stale one is refused', async () => {
    const body = wx.notification('TRANSACTION.SUCCESS', tx(APPID));
    expect((await wechat.verifyNotify(wx.headers(body), body)).paymentNo).toBe('P100');
    await expect(wechat.verifyNotify({ 'content-type': 'application/json' }, body)).rejects.toThrow(
      'missing signature headers',
    );
    await expect(wechat.verifyNotify(wx.headers(body, { at: Date.now() - 3600_000 }), body)).rejects.toThrow(
      'stale timestamp',
    );
  });

  it('an unsigned order answer gives no cashier', async () => {
    gateway.wechatScript = () => ({ body: { h5_url: 'https://evil.example.com/' }, sign: 'none' });
    await expect(wechat.createPayment(input({ way: 'h5', clientIp: '203.0.113.7' }))).rejects.toThrow();
  });
});

describe('Alipay WAP', () => {
  it('a form for alipay.trade.wap.pay with QUICK_WAP_WAY and quit_url, signed by the documented RSA2 rule', async () => {
    const html = (
      await alipay.createPayment(
        input({ way: 'wap', quitUrl: 'https://photo.example.cn/phoneModify/orders/7/pay', notifyUrl: 'https://n' }),
      )
    ).html!;
    expect(html).not.toMatch(/<script/i);
    const action = /action="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');
    const params: Record<string, string> = Object.fromEntries(new URL(action).searchParams);
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      params[m[1]] = m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(params).toMatchObject({ app_id: ALI_APP, method: 'alipay.trade.wap.pay', sign_type: 'RSA2' });
    expect(params.return_url).toBe(input().returnUrl);
    expect(JSON.parse(params.biz_content)).toMatchObject({
      out_trade_no: 'P100',
      product_code: 'QUICK_WAP_WAY',
      total_amount: '45.00',
      quit_url: 'https://photo.example.cn/phoneModify/orders/7/pay',
    });
    // Alipay checks a request: every parameter but sign, sorted, k=v joined by &, RSA-SHA256 with the app's public key.
    const content = Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    expect(
      crypto.createVerify('RSA-SHA256').update(content, 'utf8').verify(appKeys.publicPem, params.sign, 'base64'),
    ).toBe(true);
  });
});
