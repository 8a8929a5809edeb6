import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Aes } from 'wechatpay-axios-plugin';
import { AlipayPage } from './alipay.ts';
import { keyPair } from './platform-gateway.testkit.ts';
import { WechatPayV3 } from './wechat-v3.ts';
import { platformsBehindGateway } from '../../../test/pay-platforms.ts';

// Row 12: the adapters must speak Beijing time whatever the process time zone.
process.env.TZ = 'UTC';

const apiV3Key = 'abcdefghijklmnopqrstuvwxyz012345';
const { merchant, wx, ali, gateway, adapters } = platformsBehindGateway(apiV3Key);
let wechat: WechatPayV3;
let alipay: AlipayPage;
const beijingNow = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');

beforeAll(async () => {
  await gateway.start();
  ({ wechat, alipay } = adapters());
});
afterAll(async () => gateway.stop());

describe('Alipay answers are signature-checked (row 1)', () => {
  const paid = {
    code: '10000',
    msg: 'Success',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '45.00',
    out_trade_no: 'P1',
    trade_no: '2026',
  };
  it('an unsigned or foreign-signed query answer never reads as paid; a signed one does', async () => {
    gateway.alipayScript = () => ({ body: paid, sign: 'none' });
    await expect(alipay.query('P1')).rejects.toThrow();
    gateway.alipayScript = () => ({ body: paid, sign: 'other' });
    await expect(alipay.query('P1')).rejects.toThrow(/验签失败/);
    gateway.alipayScript = () => ({ body: paid });
    expect(await alipay.query('P1')).toMatchObject({ state: 'paid', amountFen: 4500 });
  });

  it('an unverified refund answer is not a refund', async () => {
    gateway.alipayScript = () => ({
      body: { code: '10000', msg: 'Success', fund_change: 'Y', refund_fee: '45.00' },
      sign: 'other',
    });
    const r = await alipay.refund({ paymentNo: 'P1', refundNo: 'R1', amountFen: 4500, totalFen: 4500, reason: 'x' });
    expect(r.ok).toBe(false);
    gateway.alipayScript = () => ({ body: { code: '10000', msg: 'Success', fund_change: 'Y', refund_fee: '45.00' } });
    expect(
      await alipay.refund({ paymentNo: 'P1', refundNo: 'R1', amountFen: 4500, totalFen: 4500, reason: 'x' }),
    ).toMatchObject({ ok: true, done: true });
  });
});

describe('Alipay notifications (rows 2 and 3)', () => {
  const base = (over: Record<string, string> = {}) => ({
    app_id: '2021000000000001',
    out_trade_no: 'P2',
    trade_no: 'T2',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '45.00',
    notify_time: beijingNow(),
    ...over,
  });
  it('a signed value holding a percent sign verifies on the form-decoded values', async () => {
    const n = await alipay.verifyNotify({}, ali.notification(base({ subject: '学生图像 100%', body: 'a%2Fb c+d' })));
    expect(n).toMatchObject({ paymentNo: 'P2', state: 'paid' });
  });
  it('WAIT_BUYER_PAY changes nothing, TRADE_CLOSED fails, TRADE_FINISHED settles', async () => {
    expect((await alipay.verifyNotify({}, ali.notification(base({ trade_status: 'WAIT_BUYER_PAY' })))).state).toBe(
      'pending',
    );
    expect((await alipay.verifyNotify({}, ali.notification(base({ trade_status: 'TRADE_CLOSED' })))).state).toBe(
      'failed',
    );
    expect((await alipay.verifyNotify({}, ali.notification(base({ trade_status: 'TRADE_FINISHED' })))).state).toBe(
      'paid',
    );
  });
});

describe('time zone and base URL (rows 11 and 12)', () => {
  it('WeChat calls go to WXPAY_BASE_URL, signed as the SDK checks, with time_expire in +08:00', async () => {
    gateway.wechatScript = () => ({ body: { code_url: 'weixin://wxpay/bizpayurl?pr=x' } });
    const expiresAt = new Date('2026-07-01T04:30:00Z');
    const r = await wechat.createPayment({
      paymentNo: 'P3',
      amountFen: 4500,
      subject: 's',
      notifyUrl: 'https://a/n',
      returnUrl: 'https://a/r',
      baseUrl: 'https://a',
      expiresAt,
    });
    expect(r.qrUrl).toBe('weixin://wxpay/bizpayurl?pr=x');
    const call = gateway.callsTo('POST /v3/pay/transactions/native').at(-1)!;
    expect(call.signatureOk).toBe(true);
    expect(JSON.parse(call.body).time_expire).toBe('2026-07-01T12:30:00+08:00');
  });
  it('Alipay stamps Beijing time under TZ=UTC, in calls and in the page form', async () => {
    expect(new Date().getTimezoneOffset()).toBe(0);
    gateway.alipayScript = () => ({
      body: { code: '10000', msg: 'Success', trade_status: 'WAIT_BUYER_PAY', total_amount: '1.00' },
    });
    await alipay.query('P4');
    const ts = gateway.calls.at(-1)!.params!.timestamp;
    expect(Math.abs(Date.parse(ts.replace(' ', 'T') + '+08:00') - Date.now())).toBeLessThan(60_000);
    const form = (
      await alipay.createPayment({
        paymentNo: 'P4',
        amountFen: 100,
        subject: 's',
        notifyUrl: 'https://a/n',
        returnUrl: 'https://a/r',
        baseUrl: 'https://a',
        expiresAt: new Date(Date.now() + 60_000),
      })
    ).html!;
    const stamped = decodeURIComponent(/timestamp=([^&"]+)/.exec(form)![1]).replace(/\+/g, ' ');
    expect(Math.abs(Date.parse(stamped.replace(' ', 'T') + '+08:00') - Date.now())).toBeLessThan(60_000);
  });
});

/** A self-signed certificate with a given serial, made by openssl (the platform's certificate). */
function certificate(serialHex: string, key: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wxcert-'));
  fs.writeFileSync(path.join(dir, 'k.pem'), key);
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-new',
      '-key',
      path.join(dir, 'k.pem'),
      '-out',
      path.join(dir, 'c.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=Tenpay.com Root CA',
      '-set_serial',
      `0x${serialHex}`,
    ],
    { stdio: 'ignore' },
  );
  const pem = fs.readFileSync(path.join(dir, 'c.pem'), 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  return pem;
}

describe('WeChat platform-certificate mode (row 13)', () => {
  it('fetches /v3/certificates, decrypts and caches them by serial, and follows a rotation', async () => {
    const second = keyPair();
    const serialA = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
    const serialB = '7132D72A03E93CDDF8C03BBD1F37EEDF3FE2ACA3';
    const certs = [{ serial: serialA, key: wx.platform.privatePem, pem: certificate(serialA, wx.platform.privatePem) }];
    const list = () => ({
      data: certs.map((c) => {
        const nonce = crypto.randomBytes(6).toString('hex');
        return {
          serial_no: c.serial,
          effective_time: new Date().toISOString(),
          expire_time: new Date(Date.now() + 86_400_000).toISOString(),
          encrypt_certificate: {
            algorithm: 'AEAD_AES_256_GCM',
            nonce,
            associated_data: 'certificate',
            ciphertext: Aes.AesGcm.encrypt(c.pem, apiV3Key, nonce, 'certificate'),
          },
        };
      }),
    });
    gateway.wechatScript = (c) =>
      c.path === '/v3/certificates' ? { body: list(), serial: certs[0].serial } : undefined;
    const certMode = new WechatPayV3({
      mchId: '1900000001',
      appId: 'wx0000000000000001',
      serialNo: 'MCHSERIAL01',
      privateKey: merchant.privatePem,
      apiV3Key,
      baseUrl: gateway.url,
    });
    const tx = {
      mchid: '1900000001',
      appid: 'wx0000000000000001',
      out_trade_no: 'P5',
      transaction_id: '42',
      trade_state: 'SUCCESS',
      amount: { total: 100, currency: 'CNY' },
    };
    const body = wx.notification('TRANSACTION.SUCCESS', tx);
    expect(await certMode.verifyNotify(wx.headers(body, { serial: serialA }), body)).toMatchObject({
      paymentNo: 'P5',
      state: 'paid',
    });
    expect(gateway.callsTo('GET /v3/certificates')).toHaveLength(1);
    // Cached: a second notification fetches nothing.
    await certMode.verifyNotify(wx.headers(body, { serial: serialA }), body);
    expect(gateway.callsTo('GET /v3/certificates')).toHaveLength(1);
    // A serial it has never seen and that is not in the list: refused.
    await expect(
      certMode.verifyNotify(wx.headers(body, { serial: serialB, key: second.privatePem }), body),
    ).rejects.toThrow('unknown public key id');
    // Rotation: the platform adds a certificate; the adapter fetches again on the new serial (at most once a minute).
    certs.push({ serial: serialB, key: second.privatePem, pem: certificate(serialB, second.privatePem) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    try {
      expect(
        await certMode.verifyNotify(wx.headers(body, { serial: serialB, key: second.privatePem }), body),
      ).toMatchObject({ paymentNo: 'P5' });
      expect(gateway.callsTo('GET /v3/certificates')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    const later = certMode;
    // A notification signed by another key under a known serial is refused.
    await expect(
      later.verifyNotify(wx.headers(body, { serial: serialA, key: second.privatePem }), body),
    ).rejects.toThrow('bad signature');
  });
});
