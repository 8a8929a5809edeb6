import { AlipaySdk } from 'alipay-sdk';
import { fenToYuan } from '@portal/contract/prices';
import { chinaTimestamp, NotifyRejected, refuseStale } from './types.ts';
import type * as pay from './types.ts';

export interface AlipayConfig {
  appId: string;
  /** Application private key (PEM, PKCS8). */
  privateKey: string;
  /** Alipay public key (PEM). */
  alipayPublicKey: string;
  /** The merchant's partner id (seller_id), checked on notifications when set. */
  sellerId?: string;
  gateway?: string;
  /** Per-call timeout (the SDK's default is 5 s). */
  timeoutMs?: number;
}

const toFen = (s: string) => Math.round(Number(s) * 100);

/** Alipay's "yyyy-MM-dd HH:mm:ss" in China time -> epoch ms. */
function chinaTime(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4] - 8, +m[5], +m[6]);
}

/** Alipay page pay (alipay.trade.page.pay) and phone website pay (alipay.trade.wap.pay) with the official SDK. */
export class AlipayPage implements pay.PayProvider {
  readonly channel = 'alipay' as const;
  readonly mode = 'real' as const;
  readonly sdk: AlipaySdk;

  constructor(private readonly cfg: AlipayConfig) {
    this.sdk = new AlipaySdk({
      appId: cfg.appId,
      privateKey: cfg.privateKey,
      alipayPublicKey: cfg.alipayPublicKey,
      ...(cfg.gateway ? { gateway: cfg.gateway } : {}),
      ...(cfg.timeoutMs ? { timeout: cfg.timeoutMs } : {}),
      signType: 'RSA2',
      keyType: 'PKCS8',
    });
  }

  async createPayment(input: pay.CreatePaymentInput): Promise<pay.CreatePaymentResult> {
    // A phone browser gets the phone website payment (alipay.trade.wap.pay, QUICK_WAP_WAY), whose
    // cashier's "back" leads to quit_url; the desktop the page payment.
    const wap = input.way === 'wap';
    const html = this.sdk.pageExecute(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'POST', {
      bizContent: {
        out_trade_no: input.paymentNo,
        product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
        total_amount: fenToYuan(input.amountFen),
        subject: input.subject,
        time_expire: chinaTimestamp(input.expiresAt),
        ...(wap && input.quitUrl ? { quit_url: input.quitUrl } : {}),
      },
      // The SDK stamps the process's local time; Alipay reads Beijing time.
      timestamp: chinaTimestamp(),
      notify_url: input.notifyUrl,
      return_url: input.returnUrl,
    });
    // The SDK appends an inline submit script; the CSP forbids it and the web submits the form itself.
    return { html: html.replace(/<script[\s\S]*?<\/script>/gi, '').trim() };
  }

  /**
   * Every answer of the gateway is signature-checked with the Alipay public key (the SDK's
   * validateSign): an unsigned or wrongly signed answer throws, and nothing is settled on it.
   */
  private async exec(method: string, bizContent: Record<string, string>): Promise<Record<string, string>> {
    return (await this.sdk.exec(method, { bizContent, timestamp: chinaTimestamp() }, { validateSign: true })) as Record<
      string,
      string
    >;
  }

  async query(paymentNo: string): Promise<pay.QueryResult> {
    const r = await this.exec('alipay.trade.query', { out_trade_no: paymentNo });
    if (r.code !== '10000') return { state: 'unknown', raw: r };
    const s = r.tradeStatus;
    const state =
      s === 'TRADE_SUCCESS' || s === 'TRADE_FINISHED'
        ? 'paid'
        : s === 'WAIT_BUYER_PAY'
          ? 'pending'
          : s === 'TRADE_CLOSED'
            ? 'closed'
            : 'unknown';
    return {
      state,
      amountFen: r.totalAmount ? toFen(r.totalAmount) : undefined,
      currency: 'CNY',
      tradeNo: r.tradeNo,
      raw: r,
    };
  }

  async refund(input: pay.RefundInput): Promise<pay.RefundResult> {
    try {
      const r = await this.exec('alipay.trade.refund', {
        out_trade_no: input.paymentNo,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.refundNo,
        refund_reason: input.reason,
      });
      // Alipay refunds synchronously: a success answer means the money is on its way back.
      if (r.code === '10000') return { ok: true, done: true, raw: r };
      return { ok: false, reason: `${r.subCode ?? r.code}: ${r.subMsg ?? r.msg ?? ''}`.trim(), raw: r };
    } catch (e) {
      return { ok: false, reason: `NETWORK_OR_UNVERIFIED: ${(e as Error).message}`.slice(0, 300) };
    }
  }

  async queryRefund(refundNo: string, paymentNo: string): Promise<pay.RefundState> {
    const r = await this.exec('alipay.trade.fastpay.refund.query', {
      out_trade_no: paymentNo,
      out_request_no: refundNo,
    });
    if (r.code !== '10000') return { state: 'unknown', raw: r };
    // Without refund_status the request was not received as a refund (documented): not refunded.
    return r.refundStatus === 'REFUND_SUCCESS' ? { state: 'success', raw: r } : { state: 'unknown', raw: r };
  }

  async close(paymentNo: string): Promise<pay.CloseResult> {
    const r = await this.exec('alipay.trade.close', { out_trade_no: paymentNo });
    // A trade that was never opened (the member did not log in on the page) cannot be paid under this number any more once expired.
    if (r.code === '10000' || r.subCode === 'ACQ.TRADE_NOT_EXIST') return 'closed';
    if (r.subCode === 'ACQ.TRADE_STATUS_ERROR') {
      const q = await this.query(paymentNo);
      return q.state === 'paid' ? 'paid' : q.state === 'closed' ? 'closed' : 'unknown';
    }
    return 'unknown';
  }

  async verifyNotify(_headers: pay.NotifyHeaders, rawBody: string): Promise<pay.VerifiedNotify> {
    // URLSearchParams has already form-decoded every value: verify on those (the SDK's v2 check),
    // since decoding a second time breaks any signed value holding a percent sign.
    const params = Object.fromEntries(new URLSearchParams(rawBody)) as Record<string, string>;
    if (!this.sdk.checkNotifySignV2(params)) throw new NotifyRejected('bad signature');
    if (params.app_id !== this.cfg.appId) throw new NotifyRejected('app mismatch');
    if (this.cfg.sellerId && params.seller_id !== this.cfg.sellerId) throw new NotifyRejected('seller mismatch');
    refuseStale(chinaTime(params.notify_time ?? ''));
    if (!params.out_trade_no || !params.total_amount) throw new NotifyRejected('incomplete');
    const s = params.trade_status;
    // Only a closed trade fails a payment; WAIT_BUYER_PAY (and anything unknown) changes nothing.
    const state =
      s === 'TRADE_SUCCESS' || s === 'TRADE_FINISHED' ? 'paid' : s === 'TRADE_CLOSED' ? 'failed' : 'pending';
    return {
      paymentNo: params.out_trade_no,
      state,
      amountFen: toFen(params.total_amount),
      currency: 'CNY',
      tradeNo: params.trade_no ?? null,
      raw: params,
    };
  }

  ack() {
    return { status: 200, contentType: 'text/plain', body: 'success' };
  }

  nack() {
    return { status: 400, contentType: 'text/plain', body: 'fail' };
  }
}
