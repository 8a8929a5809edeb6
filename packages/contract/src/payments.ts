import { z } from 'zod';
import { REFUND_REASONS } from './refund-words.ts';

/**
 * Payments and refunds shared by server and web (document 2, sections 2, 4, 7):
 * payType 2 is the wechat-style QR, 1 the alipay-style page redirect.
 */
export const PAY_TYPE = { PAGE: 1, QR: 2 } as const;
export const payTypeField = z.union([z.literal(1), z.literal(2)], { error: 'pay.methodRequired' });

/** The payment QR expires after 45 seconds; the order is re-read every 3 seconds. */
export const PAY_QR_SECONDS = 45;
export const PAY_POLL_MS = 3000;

export const payInfoRequest = z.object({ id: z.coerce.number().int().positive(), payType: payTypeField });
export type PayInfoRequest = z.infer<typeof payInfoRequest>;

/** One of aliPayHtml (a form the web inserts and submits) or wxPayQrcodeUrl; paid when nothing was due. */
export const payInfoResponse = z.object({
  aliPayHtml: z.string().optional(),
  wxPayQrcodeUrl: z.string().optional(),
  paymentNo: z.string().optional(),
  amountFen: z.number().int(),
  /** A zero amount counts as paid without a provider. */
  paid: z.boolean(),
});
export type PayInfoResponse = z.infer<typeof payInfoResponse>;

export const payTypeResponse = z.object({ wxpay: z.boolean() });

export const PAYMENT_STATES = ['pending', 'paid', 'failed', 'closed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the pay page polls: the order's state and, when given, one payment's state. */
export const payStatusResponse = z.object({
  orderNo: z.string(),
  kind: z.enum(['individual', 'reprint', 'task']),
  /** The server's amount for the order, in fen. */
  amountFen: z.number().int(),
  orderState: z.number().int(),
  paymentState: z.enum(PAYMENT_STATES).nullable(),
});
export type PayStatusResponse = z.infer<typeof payStatusResponse>;

/** The newest payment of an order (GET /api/pay/latestPayment); null when none was started. */
export const latestPaymentResponse = z
  .object({ paymentNo: z.string(), state: z.enum(PAYMENT_STATES), provider: z.enum(['wechat', 'alipay', 'zero']) })
  .nullable();
export type LatestPayment = z.infer<typeof latestPaymentResponse>;

export const orderIdQuery = z.object({ id: z.coerce.number().int().positive() });

// The refund's reasons and states with their words live in refund-words.ts (no zod, for the phone).
export { REFUND_REASONS, REFUND_STATUS, REFUND_STATUS_TEXT, isRefundPending } from './refund-words.ts';
export const REFUND_REASON_CODES = Object.keys(REFUND_REASONS) as [string, ...string[]];
const refundReasonFields = {
  reasonCode: z.enum(REFUND_REASON_CODES, { error: 'refund.reasonCodeInvalid' }).optional(),
  reasonText: z.string().trim().max(200, 'refund.reasonTooLong').optional(),
};
export const refundRequest = z.object({ order_id: z.coerce.number().int().positive(), ...refundReasonFields });
/** GET /api/pay/refund and /api/taskPay/refund: the order id, and the reason as query parameters. */
export const refundQuery = orderIdQuery.extend(refundReasonFields);

/** A member's refund of one order, as the lists and details show it. */
export const refundView = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  orderId: z.number().int(),
  amountFen: z.number().int(),
  status: z.number().int(),
  failReason: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundView>;

/** Console refund list row (staff, finance role). */
export const consoleRefundRow = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(['individual', 'reprint', 'task']),
  mobile: z.string().nullable(),
  amountFen: z.number().int(),
  status: z.number().int(),
  reason: z.string().nullable(),
  /** The member's chosen reason (a key of REFUND_REASONS), shown in the staff's language. */
  reasonCode: z.string().nullable(),
  /** 'automatic': a second charge given back by the server (issue 16); 'member': asked for. */
  origin: z.enum(['member', 'automatic']),
  /** The member's name, for the money confirmation. */
  memberName: z.string().nullable(),
  /** The payment refunded and its channel. */
  paymentNo: z.string().nullable(),
  provider: z.string().nullable(),
  failReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsoleRefundRow = z.infer<typeof consoleRefundRow>;
export const consoleRefundQuery = z.object({
  status: z.coerce.number().int().min(1).max(5).optional(),
  origin: z.enum(['member', 'automatic']).optional(),
});
export const consoleRefuseBody = z.object({ reason: z.string().trim().min(1, 'refund.reasonRequired').max(200) });
