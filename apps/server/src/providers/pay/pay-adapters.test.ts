import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AlipayPage } from './alipay.ts';
import { NotifyRejected } from './types.ts';
import { WechatPayV3, type WechatPayConfig } from './wechat-v3.ts';

const pair = () => {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

describe('WeChat Pay API v3 (public-key mode), keys generated here', () => {
  const merchant = pair();
  const platform = pair();
  const cfg: WechatPayConfig = {
    mchId: '1900000001',
    appId: 'wx0000000000000001',
    serialNo: 'SERIAL01',
    privateKey: merchant.privatePem,
    apiV3Key: 'abcdefghijklmnopqrstuvwxyz012345',
    platformPublicKey: platform.publicPem,
    platformPublicKeyId: 'PUB_KEY_ID_0001',
  };

  /** Signs as the platform signs: timestamp, nonce, body. */
  function platformHeaders(body: string, at = Date.now(), keyId = cfg.platformPublicKeyId!) {
    const ts = String(Math.floor(at / 1000));
    const nonce = crypto.randomBytes(8).toString('hex');
    const sig = crypto
      .createSign('RSA-SHA256')
      .update(`${ts}\n${nonce}\n${body}\n`)
      .sign(platform.privatePem, 'base64');
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': sig,
      'wechatpay-serial': keyId,
    };
  }

  function encryptedNotify(tx: object, key = cfg.apiV3Key) {
    const nonce = crypto.randomBytes(6).toString('hex');
    const aad = 'transaction';
    const c = crypto.createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
    c.setAAD(Buffer.from(aad));
    const ct = Buffer.concat([c.update(JSON.stringify(tx)), c.final(), c.getAuthTag()]).toString('base64');
    return JSON.stringify({
      id: 'EV-1',
      event_type: 'TRANSACTION.SUCCESS',
      resource_type: 'encrypt-resource',
      resource: {
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ct,
        associated_data: aad,
        nonce,
        original_type: 'transaction',
      },
    });
  }
  const tx = {
    mchid: cfg.mchId,
    appid: cfg.appId,
    out_trade_no: 'P2026010100000000000001',
    transaction_id: '4200000001',
    trade_state: 'SUCCESS',
    amount: { total: 4500, currency: 'CNY' },
  };

  it('signs the native order request with RSA-SHA256 and reads the signed answer', async () => {
    let seen: { url: string; auth: string; body: string } | null = null;
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen = { url, auth: String((init.headers as Record<string, string>).authorization), body: String(init.body) };
      const body = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' });
      return new Response(body, { status: 200, headers: platformHeaders(body) });
    }) as typeof fetch;
    const wx = new WechatPayV3(cfg, fakeFetch);
    const r = await wx.createPayment({
      paymentNo: tx.out_trade_no,
      amountFen: 4500,
      subject: 'x',
      notifyUrl: 'https://a/n',
      returnUrl: 'https://a/r',
      baseUrl: 'https://a',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(r.qrUrl).toBe('weixin://wxpay/bizpayurl?pr=abc');
    const s = seen!;
    expect(s.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    const m =
      /^WECHATPAY2-SHA256-RSA2048 mchid="(\d+)",nonce_str="(\w+)",signature="([^"]+)",timestamp="(\d+)",serial_no="(\w+)"$/.exec(
        s.auth,
      )!;
    expect(m[1]).toBe(cfg.mchId);
    const message = `POST\n/v3/pay/transactions/native\n${m[4]}\n${m[2]}\n${s.body}\n`;
    expect(crypto.createVerify('RSA-SHA256').update(message).verify(merchant.publicPem, m[3], 'base64')).toBe(true);
    expect(JSON.parse(s.body)).toMatchObject({
      mchid: cfg.mchId,
      appid: cfg.appId,
      amount: { total: 4500, currency: 'CNY' },
    });
  });

  it('accepts a notification signed as the platform signs it and decrypts it with the API v3 key', async () => {
    const wx = new WechatPayV3(cfg);
    const body = encryptedNotify(tx);
    const n = await wx.verifyNotify(platformHeaders(body), body);
    expect(n).toMatchObject({
      paymentNo: tx.out_trade_no,
      state: 'paid',
      amountFen: 4500,
      currency: 'CNY',
      tradeNo: '4200000001',
    });
    expect(wx.ack().status).toBe(204);
  });

  it('refuses a tampered, stale, wrongly keyed, undecryptable or foreign-merchant notification', async () => {
    const wx = new WechatPayV3(cfg);
    const body = encryptedNotify(tx);
    const h = platformHeaders(body);
    await expect(wx.verifyNotify(h, body.replace('EV-1', 'EV-2'))).rejects.toThrow(NotifyRejected);
    await expect(wx.verifyNotify(platformHeaders(body, Date.now() - 301_000), body)).rejects.toThrow('stale timestamp');
    await expect(wx.verifyNotify(platformHeaders(body, Date.now(), 'PUB_KEY_ID_9999'), body)).rejects.toThrow(
      'unknown public key id',
    );
    const otherKey = encryptedNotify(tx, 'zyxwvutsrqponmlkjihgfedcba543210');
    await expect(wx.verifyNotify(platformHeaders(otherKey), otherKey)).rejects.toThrow('cannot decrypt');
    const foreign = encryptedNotify({ ...tx, mchid: '1900000002' });
    await expect(wx.verifyNotify(platformHeaders(foreign), foreign)).rejects.toThrow('merchant or app mismatch');
  });
});

describe('Alipay page pay (official alipay-sdk), keys generated here', () => {
  const app = pair();
  const alipay = pair();
  const page = new AlipayPage({
    appId: '2021000000000001',
    privateKey: app.privatePem,
    alipayPublicKey: alipay.publicPem,
    sellerId: '2088000000000001',
  });

  function chinaNow(at = Date.now()) {
    return new Date(at + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  }
  /** Signs as Alipay signs a notification: sorted k=v pairs without sign and sign_type, RSA2. */
  function signed(params: Record<string, string>): string {
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const sign = crypto.createSign('RSA-SHA256').update(content).sign(alipay.privatePem, 'base64');
    return new URLSearchParams({ ...params, sign, sign_type: 'RSA2' }).toString();
  }
  const base = (over: Record<string, string> = {}) => ({
    app_id: '2021000000000001',
    seller_id: '2088000000000001',
    out_trade_no: 'P2026010100000000000002',
    trade_no: '2026010122001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '45.00',
    notify_time: chinaNow(),
    notify_id: 'n1',
    ...over,
  });

  it('builds a page-pay form without an inline script', async () => {
    const r = await page.createPayment({
      paymentNo: 'P1',
      amountFen: 4500,
      subject: '学生图像采集',
      notifyUrl: 'https://a/api/pay/notify/alipay',
      returnUrl: 'https://a/home/submitPhoto/pay?id=1',
      baseUrl: 'https://a',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(r.html).toMatch(
      /^<form action="https:\/\/openapi\.alipay\.com\/gateway\.do\?[^"]*method=alipay\.trade\.page\.pay/,
    );
    expect(r.html).toContain('45.00');
    expect(r.html).not.toMatch(/<script/i);
  });

  it('accepts a notification signed as Alipay signs it', async () => {
    const n = await page.verifyNotify({}, signed(base()));
    expect(n).toMatchObject({ paymentNo: 'P2026010100000000000002', state: 'paid', amountFen: 4500, currency: 'CNY' });
    expect(page.ack()).toMatchObject({ status: 200, body: 'success' });
  });

  it('refuses a tampered amount, a stale time and another app', async () => {
    const tampered = signed(base()).replace('total_amount=45.00', 'total_amount=0.01');
    await expect(page.verifyNotify({}, tampered)).rejects.toThrow('bad signature');
    await expect(page.verifyNotify({}, signed(base({ notify_time: chinaNow(Date.now() - 301_000) })))).rejects.toThrow(
      'stale timestamp',
    );
    await expect(page.verifyNotify({}, signed(base({ app_id: '2021000000000009' })))).rejects.toThrow('app mismatch');
  });
});
