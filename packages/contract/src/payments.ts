import { z } from 'zod';
import type { Text } from './i18n.ts';

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

/** Why a member asks for a refund: a short list plus free text (shown to staff in their language). */
export const REFUND_REASONS: Record<string, Text> = {
  duplicate: { zh: '重复下单或重复支付', en: 'Ordered or paid twice' },
  wrongInfo: { zh: '信息填写错误', en: 'Wrong details entered' },
  noLongerNeeded: { zh: '不再需要', en: 'No longer needed' },
  tooSlow: { zh: '办理时间太长', en: 'Taking too long' },
  other: { zh: '其他原因', en: 'Other reason' },
};
export const REFUND_REASON_CODES = Object.keys(REFUND_REASONS) as [string, ...string[]];
const refundReasonFields = {
  reasonCode: z.enum(REFUND_REASON_CODES, { error: 'refund.reasonCodeInvalid' }).optional(),
  reasonText: z.string().trim().max(200, 'refund.reasonTooLong').optional(),
};
export const refundRequest = z.object({ order_id: z.coerce.number().int().positive(), ...refundReasonFields });
/** GET /api/pay/refund and /api/taskPay/refund: the order id, and the reason as query parameters. */
export const refundQuery = orderIdQuery.extend(refundReasonFields);

/** Refund status: 1 and 2 pending review, 3 review passed, 4 refunded, 5 refund failed. */
export const REFUND_STATUS = { PENDING: 1, PENDING_2: 2, PASSED: 3, REFUNDED: 4, FAILED: 5 } as const;
export const REFUND_STATUS_TEXT: Record<number, Text> = {
  1: { zh: '待审核', en: 'Pending review' },
  2: { zh: '待审核', en: 'Pending review' },
  3: { zh: '审核通过', en: 'Review passed' },
  4: { zh: '已退款', en: 'Refunded' },
  5: { zh: '退款失败', en: 'Refund failed' },
};
export const isRefundPending = (status: number) => status === 1 || status === 2;

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
