import crypto from 'node:crypto';
import { header, NotifyRejected, refuseStale, unixSecondsMs } from './types.ts';
import type * as pay from './types.ts';
import { transactionNotify, type WechatTransaction } from './wechat-v3.ts';

/** Sends one notification to the server; resolves with the HTTP status it answered. */
export type Deliver = (path: string, headers: Record<string, string>, body: string) => Promise<number>;

export interface SandboxOptions {
  /** HMAC key the sandbox signs notifications with. */
  key: string;
  merchantId?: string;
  /** Delay before the first notification (ms). */
  notifyDelayMs?: number;
  /** Delays between retries while the server does not acknowledge (ms). */
  retryDelaysMs?: number[];
}

export interface SandboxTrade {
  paymentNo: string;
  channel: pay.PayChannel;
  amountFen: number;
  subject: string;
  returnUrl: string;
  state: 'pending' | 'paid' | 'failed' | 'closed';
  tradeNo: string;
  refunds: Map<string, number>;
  expiresAt: Date;
}

const SIG_HEADER = 'x-sandbox-signature';
const TS_HEADER = 'x-sandbox-timestamp';
const NONCE_HEADER = 'x-sandbox-nonce';

/** The signature the sandbox party puts on a notification (HMAC-SHA256 over timestamp, nonce, body). */
export function signSandboxNotify(key: string, timestamp: string, nonce: string, body: string): string {
  return crypto.createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('hex');
}

export function sandboxNotifyHeaders(key: string, body: string, at = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(at / 1000));
  const nonce = crypto.randomBytes(12).toString('hex');
  return {
    'content-type': 'application/json',
    [TS_HEADER]: timestamp,
    [NONCE_HEADER]: nonce,
    [SIG_HEADER]: signSandboxNotify(key, timestamp, nonce, body),
  };
}

export function sandboxNotifyBody(
  t: Pick<SandboxTrade, 'paymentNo' | 'amountFen' | 'tradeNo'>,
  state: 'paid' | 'failed',
  merchantId: string,
  amountFen = t.amountFen,
): string {
  return JSON.stringify({
    id: crypto.randomUUID(),
    event_type: state === 'paid' ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.FAIL',
    mchid: merchantId,
    out_trade_no: t.paymentNo,
    transaction_id: t.tradeNo,
    trade_state: state === 'paid' ? 'SUCCESS' : 'PAYERROR',
    amount: { total: amountFen, currency: 'CNY' },
    success_time: new Date().toISOString(),
  });
}

/**
 * The sandbox payment party (demo mode): keeps its own trades, shows a cashier at
 * /sandbox/pay/:paymentNo, and notifies the server asynchronously with a signed
 * message, repeating it until the server acknowledges.
 */
export class SandboxPayParty {
  readonly trades = new Map<string, SandboxTrade>();
  private deliver: Deliver | null = null;
  private timers = new Set<NodeJS.Timeout>();
  readonly merchantId: string;
  /** Tests: drop notifications (a lost notification) or make refunds fail. */
  dropNotifications = false;
  failRefunds: string | null = null;
  /** Tests: answer close as done but leave the trade payable (the race of a member paying an old QR). */
  ignoreClose = false;

  constructor(readonly opts: SandboxOptions) {
    this.merchantId = opts.merchantId ?? 'sandbox-mch';
  }

  setDeliver(d: Deliver): void {
    this.deliver = d;
  }

  channel(channel: pay.PayChannel): pay.PayProvider {
    return new SandboxChannel(this, channel);
  }

  trade(paymentNo: string): SandboxTrade | undefined {
    return this.trades.get(paymentNo);
  }

  /** The cashier's Pay or Fail button. Returns the trade, or null when unknown or already settled. */
  complete(paymentNo: string, outcome: 'paid' | 'failed'): SandboxTrade | null {
    const t = this.trades.get(paymentNo);
    if (!t) return null;
    if (t.state === 'pending' || (t.state === 'failed' && outcome === 'paid')) {
      if (t.expiresAt.getTime() < Date.now()) t.state = 'closed';
      else t.state = outcome;
    }
    if (t.state === 'paid' || t.state === 'failed') this.notify(t, t.state);
    return t;
  }

  private notify(t: SandboxTrade, state: 'paid' | 'failed'): void {
    if (this.dropNotifications) return;
    const body = sandboxNotifyBody(t, state, this.merchantId);
    const delays = [
      this.opts.notifyDelayMs ?? 1000,
      ...(this.opts.retryDelaysMs ?? [2000, 5000, 10_000, 30_000, 60_000]),
    ];
    const attempt = (i: number) => {
      if (i >= delays.length) return;
      const timer = setTimeout(async () => {
        this.timers.delete(timer);
        let status = 0;
        try {
          status = this.deliver
            ? await this.deliver(`/api/pay/notify/${t.channel}`, sandboxNotifyHeaders(this.opts.key, body), body)
            : 0;
        } catch {
          status = 0;
        }
        if (status < 200 || status >= 300) attempt(i + 1);
      }, delays[i]);
      timer.unref?.();
      this.timers.add(timer);
    };
    attempt(0);
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

class SandboxChannel implements pay.PayProvider {
  readonly mode = 'sandbox' as const;
  constructor(
    private readonly party: SandboxPayParty,
    readonly channel: pay.PayChannel,
  ) {}

  async createPayment(input: pay.CreatePaymentInput): Promise<pay.CreatePaymentResult> {
    this.party.trades.set(input.paymentNo, {
      paymentNo: input.paymentNo,
      channel: this.channel,
      amountFen: input.amountFen,
      subject: input.subject,
      returnUrl: input.returnUrl,
      state: 'pending',
      tradeNo: `SBX${Date.now()}${crypto.randomInt(1000, 9999)}`,
      refunds: new Map(),
      expiresAt: input.expiresAt,
    });
    const cashier = `${input.baseUrl}/sandbox/pay/${encodeURIComponent(input.paymentNo)}`;
    if (this.channel === 'wechat') return { qrUrl: cashier };
    // Page payment: a plain form the web inserts and submits (no inline script: the CSP forbids it).
    return {
      html: `<form id="alipaySubmit" name="alipaySubmit" action="${cashier}" method="get"><input type="hidden" name="flow" value="page"/></form>`,
    };
  }

  async query(paymentNo: string): Promise<pay.QueryResult> {
    const t = this.party.trade(paymentNo);
    if (!t) return { state: 'unknown' };
    if (t.state === 'pending' && t.expiresAt.getTime() < Date.now()) t.state = 'closed';
    return {
      state: t.state,
      amountFen: t.amountFen,
      currency: 'CNY',
      tradeNo: t.tradeNo,
      raw: { trade_state: t.state },
    };
  }

  async refund(input: pay.RefundInput): Promise<pay.RefundResult> {
    const t = this.party.trade(input.paymentNo);
    if (!t || t.state !== 'paid') return { ok: false, reason: 'TRADE_NOT_PAID: the trade was not paid in the sandbox' };
    if (this.party.failRefunds) return { ok: false, reason: this.party.failRefunds };
    // The same refund number twice is the same refund: never refunded again.
    if (t.refunds.has(input.refundNo))
      return { ok: true, done: true, raw: { refund_no: input.refundNo, repeated: true } };
    const refunded = [...t.refunds.values()].reduce((a, b) => a + b, 0);
    if (refunded + input.amountFen > t.amountFen)
      return { ok: false, reason: 'NOT_ENOUGH: refund exceeds the amount paid' };
    t.refunds.set(input.refundNo, input.amountFen);
    return { ok: true, done: true, raw: { refund_no: input.refundNo } };
  }

  async queryRefund(refundNo: string, paymentNo: string): Promise<pay.RefundState> {
    return this.party.trade(paymentNo)?.refunds.has(refundNo) ? { state: 'success' } : { state: 'unknown' };
  }

  /** Closes a pending trade so its cashier refuses to pay it; a paid one stays paid. */
  async close(paymentNo: string): Promise<pay.CloseResult> {
    const t = this.party.trade(paymentNo);
    if (!t) return 'closed';
    if (t.state === 'paid') return 'paid';
    if (!this.party.ignoreClose) t.state = 'closed';
    return 'closed';
  }

  async verifyNotify(headers: pay.NotifyHeaders, rawBody: string): Promise<pay.VerifiedNotify> {
    const ts = header(headers, TS_HEADER);
    const nonce = header(headers, NONCE_HEADER);
    const sig = header(headers, SIG_HEADER);
    if (!ts || !nonce || !sig) throw new NotifyRejected('missing signature headers');
    refuseStale(unixSecondsMs(ts));
    const expected = signSandboxNotify(this.party.opts.key, ts, nonce, rawBody);
    const a = Buffer.from(expected, 'hex');
    const b = Buffer.from(sig, 'hex');
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) throw new NotifyRejected('bad signature');
    let body: WechatTransaction;
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      throw new NotifyRejected('bad body');
    }
    if (body.mchid !== this.party.merchantId) throw new NotifyRejected('merchant mismatch');
    return transactionNotify(body, body.trade_state === 'SUCCESS' ? 'paid' : 'failed');
  }

  ack() {
    return this.channel === 'wechat'
      ? { status: 204, contentType: 'text/plain', body: '' }
      : { status: 200, contentType: 'text/plain', body: 'success' };
  }

  nack(reason: string) {
    return this.channel === 'wechat'
      ? { status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'FAIL', message: reason }) }
      : { status: 400, contentType: 'text/plain', body: 'fail' };
  }
}
