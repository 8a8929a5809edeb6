import type { Text } from './i18n.ts';

/**
 * The refund's reasons and states with their words (document 2, section 4), apart from the zod
 * schemas in payments.ts (which re-exports them) so that a page showing only a refund's state (the
 * phone portal's order page) does not load zod.
 */

/** Why a member asks for a refund: a short list plus free text (shown to staff in their language). */
export const REFUND_REASONS: Record<string, Text> = {
  duplicate: { zh: '重复下单或重复支付', en: 'Ordered or paid twice' },
  wrongInfo: { zh: '信息填写错误', en: 'Wrong details entered' },
  noLongerNeeded: { zh: '不再需要', en: 'No longer needed' },
  tooSlow: { zh: '办理时间太长', en: 'Taking too long' },
  other: { zh: '其他原因', en: 'Other reason' },
};

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
