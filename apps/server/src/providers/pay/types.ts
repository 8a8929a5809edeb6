/**
 * The payment party (DESIGN section 6): one interface, a sandbox by default, real
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
}

export interface CreatePaymentResult {
  /** QR payload (payType 2). */
  qrUrl?: string;
  /** Auto-submitting form without inline scripts (payType 1). */
  html?: string;
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
}

export type RefundResult = { ok: true; raw?: unknown } | { ok: false; reason: string; raw?: unknown };

/** A verified notification, reduced to what settlement needs. */
export interface VerifiedNotify {
  paymentNo: string;
  state: 'paid' | 'failed';
  amountFen: number;
  currency: string;
  tradeNo: string | null;
  raw: unknown;
}

export class NotifyRejected extends Error {}

export interface PayProvider {
  readonly channel: PayChannel;
  /** 'sandbox' in demo mode unless real keys are configured. */
  readonly mode: 'sandbox' | 'real';
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  query(paymentNo: string): Promise<QueryResult>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Verifies on the raw body bytes; throws NotifyRejected when the signature, time or ids are wrong. */
  verifyNotify(headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<VerifiedNotify>;
  /** What the provider expects as acknowledgement (WeChat: 204; Alipay: the literal success). */
  ack(): { status: number; contentType: string; body: string };
  nack(reason: string): { status: number; contentType: string; body: string };
}

/** Notifications more than this far from now are refused. */
export const NOTIFY_MAX_SKEW_SECONDS = 300;

export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}
