import crypto from 'node:crypto';
import {
  header,
  NotifyRejected,
  NOTIFY_MAX_SKEW_SECONDS,
  type CreatePaymentInput,
  type CreatePaymentResult,
  type PayProvider,
  type QueryResult,
  type RefundInput,
  type RefundResult,
  type VerifiedNotify,
} from './types.ts';

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (PEM). */
  privateKey: string;
  /** API v3 key: 32 characters, the AES-256-GCM key of notifications. */
  apiV3Key: string;
  /** WeChat Pay public key (PEM) and its id (PUB_KEY_ID_...): public-key mode. */
  platformPublicKey: string;
  platformPublicKeyId: string;
  baseUrl?: string;
}

type Fetch = typeof fetch;

/** The Authorization header of a v3 request: RSA-SHA256 over method, path, time, nonce, body. */
export function wechatAuthorization(cfg: Pick<WechatPayConfig, 'mchId' | 'serialNo' | 'privateKey'>, method: string, pathWithQuery: string, body: string, at = Date.now(), nonce = crypto.randomBytes(16).toString('hex')): string {
  const timestamp = String(Math.floor(at / 1000));
  const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
  const signature = crypto.createSign('RSA-SHA256').update(message).sign(cfg.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${cfg.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${cfg.serialNo}"`;
}

/** AES-256-GCM decryption of a notification resource with the API v3 key. */
export function decryptResource(apiV3Key: string, resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  const tag = data.subarray(data.length - 16);
  const enc = data.subarray(0, data.length - 16);
  const decipher = crypto.createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(tag);
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  return Buffer.concat([decipher.update(enc), decipher.final()]).toString('utf8');
}

/** WeChat Pay API v3, Native (QR) payment, in WeChat Pay public-key mode. */
export class WechatPayV3 implements PayProvider {
  readonly channel = 'wechat' as const;
  readonly mode = 'real' as const;
  private readonly base: string;

  constructor(
    private readonly cfg: WechatPayConfig,
    private readonly fetchImpl: Fetch = fetch,
  ) {
    if (Buffer.byteLength(cfg.apiV3Key, 'utf8') !== 32) throw new Error('WXPAY_API_V3_KEY must be 32 bytes');
    this.base = cfg.baseUrl ?? 'https://api.mch.weixin.qq.com';
  }

  private async call(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const res = await this.fetchImpl(`${this.base}${pathWithQuery}`, {
      method,
      headers: {
        authorization: wechatAuthorization(this.cfg, method, pathWithQuery, body),
        accept: 'application/json',
        'content-type': 'application/json',
        'wechatpay-serial': this.cfg.platformPublicKeyId,
      },
      body: method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    // Answers are signed by WeChat Pay too; an unsigned or wrongly signed answer is not trusted.
    if (res.status < 300 && text) this.checkSignature(Object.fromEntries(res.headers.entries()), text, false);
    return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
    const r = await this.call('POST', '/v3/pay/transactions/native', {
      appid: this.cfg.appId,
      mchid: this.cfg.mchId,
      description: input.subject.slice(0, 127),
      out_trade_no: input.paymentNo,
      time_expire: input.expiresAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      notify_url: input.notifyUrl,
      amount: { total: input.amountFen, currency: 'CNY' },
    });
    if (r.status !== 200 || typeof r.json.code_url !== 'string') throw new Error(`wechat native order failed: ${r.status} ${String(r.json.code ?? '')}`);
    return { qrUrl: r.json.code_url };
  }

  async query(paymentNo: string): Promise<QueryResult> {
    const r = await this.call('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(paymentNo)}?mchid=${encodeURIComponent(this.cfg.mchId)}`);
    if (r.status === 404) return { state: 'unknown', raw: r.json };
    const s = String(r.json.trade_state ?? '');
    const amount = r.json.amount as { total?: number; currency?: string } | undefined;
    const state = s === 'SUCCESS' || s === 'REFUND' ? 'paid' : s === 'NOTPAY' || s === 'USERPAYING' ? 'pending' : s === 'CLOSED' || s === 'REVOKED' ? 'closed' : s === 'PAYERROR' ? 'failed' : 'unknown';
    return { state, amountFen: amount?.total, currency: amount?.currency, tradeNo: (r.json.transaction_id as string) ?? undefined, raw: r.json };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    try {
      const r = await this.call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.paymentNo,
        out_refund_no: input.refundNo,
        reason: input.reason.slice(0, 80),
        amount: { refund: input.amountFen, total: input.totalFen, currency: 'CNY' },
      });
      const status = String(r.json.status ?? '');
      if (r.status === 200 && (status === 'SUCCESS' || status === 'PROCESSING')) return { ok: true, raw: r.json };
      return { ok: false, reason: `${String(r.json.code ?? status ?? r.status)}: ${String(r.json.message ?? '')}`.trim(), raw: r.json };
    } catch (e) {
      return { ok: false, reason: `NETWORK: ${(e as Error).message}` };
    }
  }

  /** Checks Wechatpay-Signature on the raw body with the WeChat Pay public key. */
  private checkSignature(headers: Record<string, string | string[] | undefined>, rawBody: string, checkTime = true): void {
    const ts = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const sig = header(headers, 'wechatpay-signature');
    const serial = header(headers, 'wechatpay-serial');
    if (!ts || !nonce || !sig) throw new NotifyRejected('missing signature headers');
    if (serial !== this.cfg.platformPublicKeyId) throw new NotifyRejected('unknown public key id');
    if (checkTime && (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > NOTIFY_MAX_SKEW_SECONDS)) throw new NotifyRejected('stale timestamp');
    const ok = crypto.createVerify('RSA-SHA256').update(`${ts}\n${nonce}\n${rawBody}\n`).verify(this.cfg.platformPublicKey, sig, 'base64');
    if (!ok) throw new NotifyRejected('bad signature');
  }

  async verifyNotify(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<VerifiedNotify> {
    this.checkSignature(headers, rawBody);
    let tx: { mchid?: string; appid?: string; out_trade_no?: string; transaction_id?: string; trade_state?: string; amount?: { total?: number; currency?: string } };
    try {
      const body = JSON.parse(rawBody) as { resource?: { algorithm?: string; ciphertext: string; nonce: string; associated_data?: string } };
      if (!body.resource || body.resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error('resource');
      tx = JSON.parse(decryptResource(this.cfg.apiV3Key, body.resource)) as typeof tx;
    } catch {
      throw new NotifyRejected('cannot decrypt');
    }
    if (tx.mchid !== this.cfg.mchId || tx.appid !== this.cfg.appId) throw new NotifyRejected('merchant or app mismatch');
    if (!tx.out_trade_no || typeof tx.amount?.total !== 'number') throw new NotifyRejected('incomplete');
    return {
      paymentNo: tx.out_trade_no,
      state: tx.trade_state === 'SUCCESS' ? 'paid' : 'failed',
      amountFen: tx.amount.total,
      currency: tx.amount.currency ?? '',
      tradeNo: tx.transaction_id ?? null,
      raw: tx,
    };
  }

  ack() {
    return { status: 204, contentType: 'text/plain', body: '' };
  }

  nack(reason: string) {
    return { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) };
  }
}
