import type { Text } from '../i18n.ts';

/** Messages of the review area: the shared queue, per-person decisions and photo resets. */
export const reviewMessages = {
  'review.claimedByOther': {
    zh: '该订单已由审核员{name}领取，请审核您自己队列中的订单',
    en: 'Reviewer {name} has claimed this order; please review the orders in your own queue',
  },
  'review.leaseExpired': {
    zh: '您对该订单的领取已过期，请刷新队列后重新领取',
    en: 'Your claim on this order has expired; please refresh the queue to claim it again',
  },
  'review.notWaiting': {
    zh: '该订单不在待审核状态，请刷新后重试',
    en: 'This order is not waiting for review; please refresh and try again',
  },
  'review.personNotOnOrder': {
    zh: '该人员不属于此订单',
    en: 'This person is not on this order',
  },
  'review.resetNotApproved': {
    zh: '只有审核通过、尚未制作的照片可以退回重拍',
    en: 'Only an approved photo not yet in production can be sent back for a new one',
  },
  'review.resetReprint': {
    zh: '补打订单使用已存档的照片，不能退回重拍',
    en: 'A reprint uses the photo on file and cannot be sent back for a new one',
  },
  'review.reasonRequired': {
    zh: '驳回原因：请选择或填写驳回原因',
    en: 'Reason: please choose or type the reason',
  },
} as const satisfies Record<string, Text>;
