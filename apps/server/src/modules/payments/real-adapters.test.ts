import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders, payments } from '../../db/schema.ts';
import { call, memberSession, testApp, type Session } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import { AlipayPage } from '../../providers/pay/alipay.ts';
import { WechatPayV3 } from '../../providers/pay/wechat-v3.ts';

const pair = () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

let app: FastifyInstance;
let me: Session & { mobile: string };
const merchant = pair();
const platform = pair();
const alipayKeys = pair();
const appKeys = pair();
const apiV3Key = '0123456789abcdef0123456789abcdef';

function platformHeaders(body: string, at = Date.now()) {
  const ts = String(Math.floor(at / 1000));
  const nonce = crypto.randomBytes(8).toString('hex');
  const sig = crypto.createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(platform.privatePem, 'base64');
  return {
    'content-type': 'application/json',
    'wechatpay-timestamp': ts,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': sig,
    'wechatpay-serial': 'PUB_KEY_ID_1',
  };
}

beforeAll(async () => {
  app = await testApp({ publicUrl: 'https://photo.example.cn' });
  me = await memberSession(app);
  const fakeFetch = (async () => {
    const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=test' });
    return new Response(body, { status: 200, headers: platformHeaders(body) });
  }) as unknown as typeof fetch;
  const parties = app.ctx.pay;
  parties.wechat = new WechatPayV3(
    {
      mchId: '1900000001',
      appId: 'wx01',
      serialNo: 'S1',
      privateKey: merchant.privatePem,
      apiV3Key,
      platformPublicKey: platform.publicPem,
      platformPublicKeyId: 'PUB_KEY_ID_1',
    },
    fakeFetch,
  );
  parties.alipay = new AlipayPage({
    appId: '2021000000000001',
    privateKey: appKeys.privatePem,
    alipayPublicKey: alipayKeys.publicPem,
  });
});
afterAll(async () => app.close());

async function pay(payType: 1 | 2) {
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
  const r = await call<{ paymentNo: string; wxPayQrcodeUrl?: string; aliPayHtml?: string }>(app, {
    method: 'POST',
    url: '/api/pay/getPayInfo',
    payload: { id: o.id, payType },
    session: me,
  });
  expect(r.code).toBe(200);
  return { o, r: r.data };
}
const stateOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0].state;

describe('real adapters behind the notify endpoints (keys generated here)', () => {
  it('WeChat Pay v3: a platform-signed, AES-GCM encrypted notification pays the order; a tampered one is refused', async () => {
    const { o, r } = await pay(2);
    expect(r.wxPayQrcodeUrl).toBe('weixin://wxpay/bizpayurl?pr=test');
    const tx = {
      mchid: '1900000001',
      appid: 'wx01',
      out_trade_no: r.paymentNo,
      transaction_id: '42000001',
      trade_state: 'SUCCESS',
      amount: { total: 4500, currency: 'CNY' },
    };
    const nonce = crypto.randomBytes(6).toString('hex');
    const c = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
    c.setAAD(Buffer.from('transaction'));
    const ciphertext = Buffer.concat([c.update(JSON.stringify(tx)), c.final(), c.getAuthTag()]).toString('base64');
    const body = JSON.stringify({
      id: 'EV1',
      event_type: 'TRANSACTION.SUCCESS',
      resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: 'transaction', nonce },
    });
    const h = platformHeaders(body);
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: h,
      payload: body.replace('EV1', 'EV2'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await stateOf(o.id)).toBe(110);
    const stale = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: platformHeaders(body, Date.now() - 400_000),
      payload: body,
    });
    expect(stale.statusCode).toBe(400);
    const res = await app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: h, payload: body });
    expect(res.statusCode).toBe(204);
    expect(await stateOf(o.id)).toBe(115);
    const p = (await app.ctx.db.select().from(payments).where(eq(payments.paymentNo, r.paymentNo)))[0];
    expect([p.state, p.providerTradeNo]).toEqual(['paid', '42000001']);
  });

  it('Alipay: a notification signed as Alipay signs it is answered "success" and pays the order', async () => {
    const { o, r } = await pay(1);
    expect(r.aliPayHtml).toMatch(/^<form action="https:\/\/openapi\.alipay\.com\/gateway\.do/);
    expect(r.aliPayHtml).not.toMatch(/<script/i);
    const params: Record<string, string> = {
      app_id: '2021000000000001',
      out_trade_no: r.paymentNo,
      trade_no: '2026112122001',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '45.00',
      notify_time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
    };
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const sign = crypto.createSign('RSA-SHA256').update(content).sign(alipayKeys.privatePem, 'base64');
    const form = (p: Record<string, string>) => new URLSearchParams({ ...p, sign, sign_type: 'RSA2' }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/alipay',
      headers,
      payload: form({ ...params, total_amount: '0.01' }),
    });
    expect([wrong.statusCode, wrong.body]).toEqual([400, 'fail']);
    const res = await app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers, payload: form(params) });
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await stateOf(o.id)).toBe(115);
  });
});
