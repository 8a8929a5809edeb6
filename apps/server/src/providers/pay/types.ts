/**
 * The payment party (see ARCHITECTURE.md, "Outside parties"): one interface, a sandbox by default, real
 * adapters behind config. Channel 'wechat' is the QR payment (payType 2),
 * 'alipay' the page payment (payType 1).
 */
export type PayChannel = 'wechat' | 'alipay';

export interface CreatePaymentInput {
  paymentNo: string;
  amountFen: number;
  subject: string;
  /** Absolute URL of the server's notify endpoint for this channel. */
  notifyUrl: string;
  /** Absolute URL the browser returns to after a page payment (never proof of payment). */
  returnUrl: string;
  /** Absolute base URL of the portal (PUBLIC_URL or the request origin). */
  baseUrl: string;
  expiresAt: Date;
  /**
   * How the payer pays (default: the desktop's, Native QR for WeChat Pay and page pay for Alipay).
   * Phones: 'jsapi' inside WeChat (needs `openid`), 'h5' in another phone browser (needs `clientIp`),
   * 'wap' Alipay's phone website payment (returns to `returnUrl`, gives up to `quitUrl`).
   */
  way?: 'desktop' | PhoneWay;
  /** JSAPI: the payer's openid at the official account (snsapi_base). */
  openid?: string;
  /** H5: the payer's IP address (scene_info.payer_client_ip). */
  clientIp?: string;
  /** WAP: where the cashier's "back" leads (the pay page). */
  quitUrl?: string;
}

export type PhoneWay = 'jsapi' | 'h5' | 'wap';

/** The parameters WeixinJSBridge.invoke('getBrandWCPayRequest', ...) takes. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

export interface CreatePaymentResult {
  /** QR payload (payType 2). */
  qrUrl?: string;
  /** Auto-submitting form without inline scripts (payType 1, and Alipay WAP). */
  html?: string;
  /** JSAPI: the bridge's parameters, paySign by the merchant key. */
  jsapi?: JsapiPayParams;
  /** H5: WeChat's cashier URL with redirect_url appended. */
  h5Url?: string;
  /** Sandbox only: its phone cashier for this payment. */
  cashierUrl?: string;
}

export type RemoteState = 'paid' | 'pending' | 'failed' | 'closed' | 'unknown';

export interface QueryResult {
  state: RemoteState;
  amountFen?: number;
  currency?: string;
  tradeNo?: string;
  raw?: unknown;
}

export interface RefundInput {
  paymentNo: string;
  /** Reused on every retry, so a retry never refunds twice. */
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
  /** Absolute URL of the refund notify endpoint (WeChat Pay sends refund results there). */
  notifyUrl?: string;
}

/**
 * A refund call's outcome. `done: false` means the platform accepted it but the money is
 * not back yet (WeChat PROCESSING): the refund stays in progress until a notification or a poll.
 */
export type RefundResult = { ok: true; done: boolean; raw?: unknown } | { ok: false; reason: string; raw?: unknown };

/** A refund's state at the platform (the refund query or a refund notification). */
export type RefundState =
  { state: 'success' | 'processing' | 'unknown'; raw?: unknown } | { state: 'failed'; reason: string; raw?: unknown };

/** Closing a payment at the platform before another is issued: 'paid' when the member already paid it. */
export type CloseResult = 'closed' | 'paid' | 'unknown';

/** A verified notification, reduced to what settlement needs. 'pending' changes nothing (Alipay WAIT_BUYER_PAY). */
export interface VerifiedNotify {
  kind?: 'payment';
  paymentNo: string;
  state: 'paid' | 'failed' | 'pending';
  amountFen: number;
  currency: string;
  tradeNo: string | null;
  raw: unknown;
}

/** A verified refund notification (WeChat REFUND.SUCCESS / ABNORMAL / CLOSED). */
export interface VerifiedRefundNotify {
  kind: 'refund';
  refundNo: string;
  paymentNo: string;
  result: RefundState;
}

export class NotifyRejected extends Error {}

/** The headers a notification arrives with, as Node hands them over. */
export type NotifyHeaders = Record<string, string | string[] | undefined>;

export interface PayProvider {
  readonly channel: PayChannel;
  /** 'sandbox' in demo mode unless real keys are configured. */
  readonly mode: 'sandbox' | 'real';
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  query(paymentNo: string): Promise<QueryResult>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Where a refund stands at the platform (polled while it is in progress). */
  queryRefund(refundNo: string, paymentNo: string): Promise<RefundState>;
  /** Closes an unpaid payment at the platform, so the member cannot pay it any more. */
  close(paymentNo: string): Promise<CloseResult>;
  /** Verifies on the raw body bytes; throws NotifyRejected when the signature, time or ids are wrong. */
  verifyNotify(headers: NotifyHeaders, rawBody: string): Promise<VerifiedNotify | VerifiedRefundNotify>;
  /** What the provider expects as acknowledgement (WeChat: 204; Alipay: the literal success). */
  ack(): { status: number; contentType: string; body: string };
  nack(reason: string): { status: number; contentType: string; body: string };
}

/** Notifications more than this far from now are refused. */
export const NOTIFY_MAX_SKEW_SECONDS = 300;

/**
 * The replay guard every channel applies to its notification's own time stamp: one rule, so the
 * allowed skew cannot differ between Alipay, WeChat Pay and the sandbox. NaN (an unreadable stamp) is refused too.
 */
export function refuseStale(atMs: number): void {
  if (!Number.isFinite(atMs) || Math.abs(Date.now() - atMs) > NOTIFY_MAX_SKEW_SECONDS * 1000)
    throw new NotifyRejected('stale timestamp');
}

/** A Unix time in seconds as WeChat Pay (and the sandbox after it) sends it -> epoch ms; NaN unless all digits. */
export function unixSecondsMs(ts: string): number {
  return /^\d+$/.test(ts) ? Number(ts) * 1000 : NaN;
}

export function header(headers: NotifyHeaders, name: string): string {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

/** Beijing time (UTC+8, no daylight saving) whatever the process time zone: "yyyy-MM-dd HH:mm:ss". */
export function chinaTimestamp(at: Date | number = Date.now()): string {
  return new Date(new Date(at).getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** RFC 3339 in +08:00, as WeChat Pay documents time_expire: "2026-01-01T12:00:00+08:00". */
export function chinaRfc3339(at: Date | number): string {
  return `${chinaTimestamp(at).replace(' ', 'T')}+08:00`;
}
