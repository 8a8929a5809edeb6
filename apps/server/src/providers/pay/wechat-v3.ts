import crypto from 'node:crypto';
import { PlatformCertificates, PublicKeyMode, type PlatformKeys } from './wechat-platform-keys.ts';
import { header, NotifyRejected, refuseStale, unixSecondsMs } from './types.ts';
import { h5UrlWithReturn, jsapiPayParams, wechatOrderCall } from './wechat-phone.ts';
import type * as pay from './types.ts';

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (PEM). */
  privateKey: string;
  /** API v3 key: 32 characters, the AES-256-GCM key of notifications. */
  apiV3Key: string;
  /** WeChat Pay public key (PEM) and its id (PUB_KEY_ID_...): public-key mode. Without them: platform-certificate mode. */
  platformPublicKey?: string;
  platformPublicKeyId?: string;
  /** WXPAY_BASE_URL; tests point it at a local gateway. */
  baseUrl?: string;
  /** The official account's app id (WECHAT_MP_APP_ID): JSAPI orders inside WeChat name it. */
  mpAppId?: string;
}

type Fetch = typeof fetch;

/** The Authorization header of a v3 request: RSA-SHA256 over method, path, time, nonce, body. */
export function wechatAuthorization(
  cfg: Pick<WechatPayConfig, 'mchId' | 'serialNo' | 'privateKey'>,
  method: string,
  pathWithQuery: string,
  body: string,
  at = Date.now(),
  nonce = crypto.randomBytes(16).toString('hex'),
): string {
  const timestamp = String(Math.floor(at / 1000));
  const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
  const signature = crypto.createSign('RSA-SHA256').update(message).sign(cfg.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${cfg.serialNo}"`;
}

/** AES-256-GCM decryption of a notification resource with the API v3 key. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const tag = data.subarray(data.length - 16);
  const enc = data.subarray(0, data.length - 16);
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(tag);
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(enc), decipher.final()]).toString('utf8');
}

/** A transaction as a WeChat Pay payment notification carries it; the sandbox sends the same shape. */
export interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

/** A transaction reduced to what settlement needs, in the state its channel reads; refused without a trade number or amount. */
export function transactionNotify(tx: WechatTransaction, state: pay.VerifiedNotify['state']): pay.VerifiedNotify {
  if (!tx.out_trade_no || typeof tx.amount?.total !== 'number') throw new NotifyRejected('incomplete');
  return {
    paymentNo: tx.out_trade_no,
    state,
    amountFen: tx.amount.total,
    currency: tx.amount.currency ?? '',
    tradeNo: tx.transaction_id ?? null,
    raw: tx,
  };
}

/** WeChat Pay API v3, Native (QR) payment, in public-key mode or platform-certificate mode. */
export class WechatPayV3 implements pay.PayProvider {
  readonly channel = 'wechat' as const;
  readonly mode = 'real' as const;
  private readonly base: string;
  readonly keys: PlatformKeys;

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly fetchImpl: Fetch = fetch,
  ) {
    if (Buffer.byteLength(cfg.apiV3Key, 'utf8') !== 32) throw new Error('WXPAY_API_V3_KEY must be 32 bytes');
    this.base = (cfg.baseUrl ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '');
    this.keys =
      cfg.platformPublicKey && cfg.platformPublicKeyId
        ? new PublicKeyMode(cfg.platformPublicKey, cfg.platformPublicKeyId)
        : new PlatformCertificates(
            cfg.apiV3Key,
            () => this.raw('GET', '/v3/certificates').then((r) => ({ headers: r.headers, body: r.text })),
            decryptResource,
          );
  }

  private async raw(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: unknown,
  ): Promise<{ status: number; headers: Record<string, string>; text: string }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await this.fetchImpl(`${this.base}${pathWithQuery}`, {
      method,
      headers: {
        authorization: wechatAuthorization(this.cfg, method, pathWithQuery, body),
        accept: 'application/json',
        'content-type': 'application/json',
        ...(this.cfg.platformPublicKeyId ? { 'wechatpay-serial': this.cfg.platformPublicKeyId } : {}),
      },
      body: method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    // forEach rather than entries(): the DOM's Headers type (which the server's type check may
    // see beside Node's) has no entries() without the dom.iterable library.
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => (headers[name] = value));
    return { status: res.status, headers, text: await res.text() };
  }

  private async call(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    payload?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const r = await this.raw(method, pathWithQuery, payload);
    // Answers are signed by WeChat Pay too; an unsigned or wrongly signed answer is not trusted.
    if (r.status < 300 && r.text) await this.checkSignature(r.headers, r.text, false);
    let json: Record<string, unknown> = {};
    try {
      json = r.text ? (JSON.parse(r.text) as Record<string, unknown>) : {};
    } catch {
      json = {};
    }
    return { status: r.status, json };
  }

  async createPayment(input: pay.CreatePaymentInput): Promise<pay.CreatePaymentResult> {
    const order = wechatOrderCall(this.cfg, input);
    const r = await this.call('POST', order.path, order.body);
    if (order.way === 'jsapi') {
      if (r.status !== 200 || typeof r.json.prepay_id !== 'string')
        throw new Error(`wechat jsapi order failed: ${r.status} ${String(r.json.code ?? '')}`);
      return { jsapi: jsapiPayParams(this.cfg.mpAppId!, r.json.prepay_id, this.cfg.privateKey) };
    }
    if (order.way === 'h5') {
      if (r.status !== 200 || typeof r.json.h5_url !== 'string')
        throw new Error(`wechat h5 order failed: ${r.status} ${String(r.json.code ?? '')}`);
      return { h5Url: h5UrlWithReturn(r.json.h5_url, input.returnUrl) };
    }
    if (r.status !== 200 || typeof r.json.code_url !== 'string')
      throw new Error(`wechat native order failed: ${r.status} ${String(r.json.code ?? '')}`);
    return { qrUrl: r.json.code_url };
  }

  async query(paymentNo: string): Promise<pay.QueryResult> {
    const r = await this.call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}?mchid=${encodeURIComponent(this.cfg.mchId)}`,
    );
    if (r.status !== 200) return { state: 'unknown', raw: r.json };
    const s = String(r.json.trade_state ?? '');
    const amount = r.json.amount as { total?: number; currency?: string } | undefined;
    const state =
      s === 'SUCCESS' || s === 'REFUND'
        ? 'paid'
        : s === 'NOTPAY' || s === 'USERPAYING'
          ? 'pending'
          : s === 'CLOSED' || s === 'REVOKED'
            ? 'closed'
            : s === 'PAYERROR'
              ? 'failed'
              : 'unknown';
    return {
      state,
      amountFen: amount?.total,
      currency: amount?.currency,
      tradeNo: (r.json.transaction_id as string) ?? undefined,
      raw: r.json,
    };
  }

  async close(paymentNo: string): Promise<pay.CloseResult> {
    const r = await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}/close`, {
      mchid: this.cfg.mchId,
    });
    if (r.status === 204) return 'closed';
    // ORDERPAID: the member paid it meanwhile; the (verified) query says so before anything is settled.
    if (r.json.code === 'ORDERPAID' || r.json.code === 'ORDER_CLOSED' || r.json.code === 'ORDERNOTEXIST') {
      const q = await this.query(paymentNo);
      return q.state === 'paid' ? 'paid' : q.state === 'closed' || r.json.code !== 'ORDERPAID' ? 'closed' : 'unknown';
    }
    return 'unknown';
  }

  async refund(input: pay.RefundInput): Promise<pay.RefundResult> {
    try {
      const r = await this.call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.paymentNo,
        out_refund_no: input.refundNo,
        reason: input.reason.slice(0, 80),
        ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
        amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
      });
      const status = String(r.json.status ?? '');
      if (r.status === 200 && status === 'SUCCESS') return { ok: true, done: true, raw: r.json };
      if (r.status === 200 && status === 'PROCESSING') return { ok: true, done: false, raw: r.json };
      return {
        ok: false,
        reason: `${String(r.json.code ?? (status || r.status))}: ${String(r.json.message ?? '')}`.trim(),
        raw: r.json,
      };
    } catch (e) {
      return { ok: false, reason: `NETWORK_OR_UNVERIFIED: ${(e as Error).message}`.slice(0, 300) };
    }
  }

  async queryRefund(refundNo: string): Promise<pay.RefundState> {
    const r = await this.call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
    if (r.status !== 200) return { state: 'unknown', raw: r.json };
    return refundStateOf(String(r.json.status ?? ''), r.json);
  }

  /** Checks Wechatpay-Signature on the raw body with the key of its Wechatpay-Serial. */
  private async checkSignature(headers: pay.NotifyHeaders, rawBody: string, checkTime = true): Promise<void> {
    const ts = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const sig = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!ts || !nonce || !sig) throw new NotifyRejected('missing signature headers');
    const key = await this.keys.keyFor(serial).catch(() => null);
    if (!key) throw new NotifyRejected('unknown public key id');
    if (checkTime) refuseStale(unixSecondsMs(ts));
    const ok = crypto.createVerify('RSA-SHA256').update(`${ts}\n${nonce}\n${rawBody}\n`).verify(key, sig, 'base64');
    if (!ok) throw new NotifyRejected('bad signature');
  }

  async verifyNotify(
    headers: pay.NotifyHeaders,
    rawBody: string,
  ): Promise<pay.VerifiedNotify | pay.VerifiedRefundNotify> {
    await this.checkSignature(headers, rawBody);
    let eventType = '';
    let res: Record<string, unknown>;
    try {
      const body = JSON.parse(rawBody) as {
        event_type?: string;
        resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string };
      };
      if (!body.resource || body.resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error('resource');
      eventType = String(body.event_type ?? '');
      res = JSON.parse(decryptResource(this.cfg.apiV3Key, body.resource)) as Record<string, unknown>;
    } catch {
      throw new NotifyRejected('cannot decrypt');
    }
    // Refund events carry neither appid nor trade_state: they are matched by mchid and out_refund_no.
    if (eventType.startsWith('REFUND.')) {
      if (res.mchid !== this.cfg.mchId) throw new NotifyRejected('merchant mismatch');
      if (typeof res.out_refund_no !== 'string' || typeof res.out_trade_no !== 'string')
        throw new NotifyRejected('incomplete');
      return {
        kind: 'refund',
        refundNo: res.out_refund_no,
        paymentNo: res.out_trade_no,
        result: refundStateOf(String(res.refund_status ?? ''), res),
      };
    }
    const tx = res as WechatTransaction;
    // Native and H5 orders name WXPAY_APP_ID, JSAPI orders the official account's.
    const apps = [this.cfg.appId, this.cfg.mpAppId].filter(Boolean);
    if (tx.mchid !== this.cfg.mchId || !tx.appid || !apps.includes(tx.appid))
      throw new NotifyRejected('merchant or app mismatch');
    const state =
      tx.trade_state === 'SUCCESS'
        ? 'paid'
        : tx.trade_state === 'PAYERROR' || tx.trade_state === 'CLOSED' || tx.trade_state === 'REVOKED'
          ? 'failed'
          : 'pending';
    return { kind: 'payment', ...transactionNotify(tx, state) };
  }

  ack() {
    return { status: 204, contentType: 'text/plain', body: '' };
  }

  nack(reason: string) {
    return { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }
}

/** SUCCESS, PROCESSING, ABNORMAL and CLOSED as the refund query and the refund notification name them. */
function refundStateOf(status: string, raw: unknown): pay.RefundState {
  if (status === 'SUCCESS') return { state: 'success', raw };
  if (status === 'PROCESSING') return { state: 'processing', raw };
  if (status === 'ABNORMAL')
    return {
      state: 'failed',
      reason: 'ABNORMAL: the refund could not reach the payer (account abnormal); refund by another way',
      raw,
    };
  if (status === 'CLOSED') return { state: 'failed', reason: 'CLOSED: the refund was closed by WeChat Pay', raw };
  return { state: 'unknown', raw };
}
