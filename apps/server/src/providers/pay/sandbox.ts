import crypto from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { SandboxTradeStore, type TradeChange, type TradeRow } from './sandbox-store.ts';
import { header, NotifyRejected, refuseStale, unixSecondsMs } from './types.ts';
import type * as pay from './types.ts';
import { transactionNotify, type WechatTransaction } from './wechat-v3.ts';
import { h5UrlWithReturn } from './wechat-phone.ts';

/** The sandbox official account's app id and its prepay ids (prepay_id=sbx_<paymentNo>). */
export const SANDBOX_MP_APP_ID = 'wxsandbox00000000';
export const SANDBOX_PREPAY_PREFIX = 'sbx_';

/** The sandbox's bridge parameters: paySign is an HMAC with its own key (no merchant key exists here). */
function sandboxJsapiParams(key: string, paymentNo: string): pay.JsapiPayParams {
  const timeStamp = String(Math.floor(Date.now() / 1000));
  const nonceStr = crypto.randomBytes(16).toString('hex');
  const pkg = `prepay_id=${SANDBOX_PREPAY_PREFIX}${paymentNo}`;
  const paySign = crypto
    .createHmac('sha256', key)
    .update(`${SANDBOX_MP_APP_ID}\n${timeStamp}\n${nonceStr}\n${pkg}\n`)
    .digest('base64');
  return { appId: SANDBOX_MP_APP_ID, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}

/** Sends one notification to the server; resolves with the HTTP status it answered. */
export type Deliver = (path: string, headers: Record<string, string>, body: string) => Promise<number>;

export interface SandboxOptions {
  /** HMAC key the sandbox signs notifications with (a function: derived when first needed). */
  key: string | (() => string);
  merchantId?: string;
  /** Delay before the first notification (ms). */
  notifyDelayMs?: number;
  /** Delays between retries while the server does not acknowledge (ms); the last repeats. */
  retryDelaysMs?: number[];
  /** How often an instance looks for notifications owed by any instance (ms; 0: only at start and its own). */
  sweepMs?: number;
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

const tradeOf = (r: TradeRow): SandboxTrade => {
  const t: SandboxTrade = {
    paymentNo: r.paymentNo,
    channel: r.channel,
    amountFen: r.amountFen,
    subject: r.subject,
    returnUrl: r.returnUrl,
    state: r.state,
    tradeNo: r.tradeNo,
    refunds: new Map(Object.entries(r.refunds)),
    expiresAt: r.expiresAt,
  };
  // A pending trade past its time can no longer be paid: the platform reads it closed.
  if (t.state === 'pending' && t.expiresAt.getTime() < Date.now()) t.state = 'closed';
  return t;
};

const CLAIM_BATCH = 20;

/**
 * The sandbox payment party (demo mode): keeps its trades in the database (sandbox-store.ts), shows a
 * cashier at /sandbox/pay/:paymentNo on every instance, and notifies the server asynchronously with
 * a signed message, repeated with back-off until the server acknowledges. Whichever instance finds a
 * notification due claims it and delivers it to itself, so a payment issued on one instance is paid
 * through another, and a notification owed when an instance stops is sent by the next one to look.
 */
export class SandboxPayParty {
  readonly store: SandboxTradeStore;
  private deliver: Deliver | null = null;
  private wake: NodeJS.Timeout | null = null;
  private wakeAt = Number.POSITIVE_INFINITY;
  private sweeper: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private resolvedKey: string | null = null;
  readonly merchantId: string;
  /** Tests: drop notifications (a lost notification) or make refunds fail (this instance only). */
  dropNotifications = false;
  failRefunds: string | null = null;
  /** Tests: answer close as done but leave the trade payable (the race of a member paying an old QR). */
  ignoreClose = false;
  private errorSink: (err: unknown) => void = () => {};

  /** `shared`: the database is PostgreSQL, shared by every instance (else the embedded one). */
  constructor(
    db: Db,
    shared: boolean,
    readonly opts: SandboxOptions,
  ) {
    this.merchantId = opts.merchantId ?? 'sandbox-mch';
    this.store = new SandboxTradeStore(db, shared);
  }

  /** Where delivery and write failures are reported (the routes log them). */
  set onError(sink: (err: unknown) => void) {
    this.errorSink = sink;
    this.store.onError = sink;
  }

  /** The notification key (PAY_SANDBOX_KEY, else derived from the data key: pay-parties.ts). */
  get key(): string {
    this.resolvedKey ??= typeof this.opts.key === 'function' ? this.opts.key() : this.opts.key;
    return this.resolvedKey;
  }

  setDeliver(d: Deliver): void {
    this.deliver = d;
  }

  channel(channel: pay.PayChannel): pay.PayProvider {
    return new SandboxChannel(this, channel);
  }

  /** A trade as the platform knows it, or undefined. */
  async trade(paymentNo: string): Promise<SandboxTrade | undefined> {
    const r = await this.store.get(paymentNo);
    return r && tradeOf(r);
  }

  /** The cashier's Pay or Fail button. Returns the trade, or null when unknown. */
  async complete(paymentNo: string, outcome: 'paid' | 'failed'): Promise<SandboxTrade | null> {
    const delay = this.opts.notifyDelayMs ?? 1000;
    const t = await this.store.update(paymentNo, (r) => {
      const t = tradeOf(r);
      if (t.state === 'pending' || (t.state === 'failed' && outcome === 'paid')) t.state = outcome;
      const owed = (t.state === 'paid' || t.state === 'failed') && !this.dropNotifications;
      const now = new Date();
      const set: TradeChange = owed
        ? {
            state: t.state,
            notifyBody: sandboxNotifyBody(t, t.state as 'paid' | 'failed', this.merchantId),
            notifyDueAt: new Date(now.getTime() + delay),
            notifyAttempts: 0,
            notifySince: now,
            notifiedAt: null,
          }
        : { state: t.state };
      return { set, answer: t };
    });
    if (!t) return null;
    // The cashier is never called inside a transaction: the owed notification is stored before it is looked for.
    await this.store.flush();
    this.wakeIn(delay);
    return t;
  }

  /**
   * Starts looking for owed notifications: at once (what a stopped instance left), then at the
   * next due time of any owed one, and every `sweepMs` (owed ones other instances created since).
   */
  async start(): Promise<void> {
    this.stopped = false;
    await this.store.load();
    this.wakeIn(0);
    const every = this.opts.sweepMs ?? 0;
    if (every > 0 && !this.sweeper) {
      this.sweeper = setInterval(() => this.wakeIn(0), every);
      this.sweeper.unref?.();
    }
  }

  /** Stops looking, waits for a delivery under way and the writes behind (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.close();
    await this.pumping;
    await this.store.flush();
  }

  close(): void {
    if (this.wake) clearTimeout(this.wake);
    if (this.sweeper) clearInterval(this.sweeper);
    this.wake = this.sweeper = null;
    this.wakeAt = Number.POSITIVE_INFINITY;
  }

  private wakeIn(ms: number): void {
    if (this.stopped) return;
    const at = Date.now() + ms;
    if (this.wake && this.wakeAt <= at) return;
    if (this.wake) clearTimeout(this.wake);
    this.wakeAt = at;
    this.wake = setTimeout(() => {
      this.wake = null;
      this.wakeAt = Number.POSITIVE_INFINITY;
      this.pump();
    }, ms);
    this.wake.unref?.();
  }

  private pump(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        await this.sendDue().catch((err: unknown) => this.errorSink(err));
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.pumping = null;
    });
  }

  private retryDelay(attempt: number): number {
    const d = this.opts.retryDelaysMs ?? [2000, 5000, 10_000, 30_000, 60_000];
    return d[Math.min(attempt - 1, d.length - 1)] ?? 60_000;
  }

  /** Sends the notifications due now (claimed: sandbox-store.ts) and marks the acknowledged ones. */
  private async sendDue(): Promise<void> {
    if (!this.deliver || this.stopped) return;
    const claimed = await this.store.claimDue(CLAIM_BATCH, (n) => this.retryDelay(n));
    if (claimed.length === CLAIM_BATCH) this.again = true;
    for (const c of claimed) {
      if (this.stopped) return;
      let status = 0;
      try {
        status = await this.deliver(`/api/pay/notify/${c.channel}`, sandboxNotifyHeaders(this.key, c.body), c.body);
      } catch (err) {
        this.errorSink(err);
      }
      if (status >= 200 && status < 300) await this.store.acknowledged(c);
    }
    // Then at the next due time of any notification still owed (this instance's retries, or what
    // a stopped instance left), besides the periodic look for other instances' new ones.
    const next = await this.store.nextDue();
    if (next && !this.again) this.wakeIn(Math.max(0, next.getTime() - Date.now()));
  }
}

class SandboxChannel implements pay.PayProvider {
  readonly mode = 'sandbox' as const;
  constructor(
    private readonly party: SandboxPayParty,
    readonly channel: pay.PayChannel,
  ) {}

  async createPayment(input: pay.CreatePaymentInput): Promise<pay.CreatePaymentResult> {
    await this.party.store.create({
      paymentNo: input.paymentNo,
      channel: this.channel,
      amountFen: input.amountFen,
      subject: input.subject,
      returnUrl: input.returnUrl,
      state: 'pending',
      tradeNo: `SBX${Date.now()}${crypto.randomInt(1000, 9999)}`,
      refunds: {},
      expiresAt: input.expiresAt,
      notifyBody: null,
      notifyDueAt: null,
      notifySince: null,
      notifiedAt: null,
    });
    const cashier = `${input.baseUrl}/sandbox/pay/${encodeURIComponent(input.paymentNo)}`;
    // Phones: the way's own cashier page (sandbox-routes.ts), returning to the portal as the platform does.
    if (input.way === 'jsapi')
      return {
        jsapi: sandboxJsapiParams(this.party.key, input.paymentNo),
        cashierUrl: `${cashier}?flow=jsapi`,
      };
    if (input.way === 'h5') return { h5Url: h5UrlWithReturn(`${cashier}?flow=h5`, input.returnUrl) };
    if (input.way === 'wap')
      return {
        html: `<form id="alipaySubmit" name="alipaySubmit" action="${cashier}" method="get"><input type="hidden" name="flow" value="wap"/></form>`,
      };
    if (this.channel === 'wechat') return { qrUrl: cashier };
    // Page payment: a plain form the web inserts and submits (no inline script: the CSP forbids it).
    return {
      html: `<form id="alipaySubmit" name="alipaySubmit" action="${cashier}" method="get"><input type="hidden" name="flow" value="page"/></form>`,
    };
  }

  async query(paymentNo: string): Promise<pay.QueryResult> {
    const t = await this.party.trade(paymentNo);
    if (!t) return { state: 'unknown' };
    return {
      state: t.state,
      amountFen: t.amountFen,
      currency: 'CNY',
      tradeNo: t.tradeNo,
      raw: { trade_state: t.state },
    };
  }

  async refund(input: pay.RefundInput): Promise<pay.RefundResult> {
    const failRefunds = this.party.failRefunds;
    const r = await this.party.store.update(
      input.paymentNo,
      (row): { set: { refunds: Record<string, number> } | null; answer: pay.RefundResult } => {
        const t = tradeOf(row);
        if (t.state !== 'paid')
          return { set: null, answer: { ok: false, reason: 'TRADE_NOT_PAID: the trade was not paid in the sandbox' } };
        if (failRefunds) return { set: null, answer: { ok: false, reason: failRefunds } };
        // The same refund number twice is the same refund: never refunded again.
        if (t.refunds.has(input.refundNo))
          return { set: null, answer: { ok: true, done: true, raw: { refund_no: input.refundNo, repeated: true } } };
        const refunded = [...t.refunds.values()].reduce((a, b) => a + b, 0);
        if (refunded + input.amountFen > t.amountFen)
          return { set: null, answer: { ok: false, reason: 'NOT_ENOUGH: refund exceeds the amount paid' } };
        t.refunds.set(input.refundNo, input.amountFen);
        return {
          set: { refunds: Object.fromEntries(t.refunds) },
          answer: { ok: true, done: true, raw: { refund_no: input.refundNo } },
        };
      },
    );
    return r ?? { ok: false, reason: 'TRADE_NOT_PAID: the trade was not paid in the sandbox' };
  }

  async queryRefund(refundNo: string, paymentNo: string): Promise<pay.RefundState> {
    return (await this.party.trade(paymentNo))?.refunds.has(refundNo) ? { state: 'success' } : { state: 'unknown' };
  }

  /** Closes a pending trade so its cashier refuses to pay it; a paid one stays paid. */
  async close(paymentNo: string): Promise<pay.CloseResult> {
    const ignore = this.party.ignoreClose;
    const r = await this.party.store.update(paymentNo, (row) =>
      tradeOf(row).state === 'paid'
        ? { set: null, answer: 'paid' as const }
        : { set: ignore ? null : { state: 'closed' as const }, answer: 'closed' as const },
    );
    return r ?? 'closed';
  }

  async verifyNotify(headers: pay.NotifyHeaders, rawBody: string): Promise<pay.VerifiedNotify> {
    const ts = header(headers, TS_HEADER);
    const nonce = header(headers, NONCE_HEADER);
    const sig = header(headers, SIG_HEADER);
    if (!ts || !nonce || !sig) throw new NotifyRejected('missing signature headers');
    refuseStale(unixSecondsMs(ts));
    const expected = signSandboxNotify(this.party.key, ts, nonce, rawBody);
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
