import type { Text } from '../i18n.ts';

/** Messages of the payments area (zh word for word from the specification, and en). */
export const paymentsMessages = {
  'pay.notPayable': { zh: '当前订单状态不允许支付', en: 'This order cannot be paid in its current state' },
  'pay.failed': { zh: '支付失败，请重新支付', en: 'Payment failed, please pay again' },
  'pay.providerUnavailable': {
    zh: '支付服务暂不可用，请稍后再试',
    en: 'The payment service is unavailable, please try again later',
  },
  'pay.wxpayUnavailable': { zh: '该订单暂不支持微信支付', en: 'WeChat Pay is not available for this order' },
  'pay.wayUnavailable': { zh: '该支付方式暂不可用', en: 'This way of paying is not available' },
  'pay.wechatAuthRequired': {
    zh: '请在微信中重新打开支付页面',
    en: 'Please open the pay page again in WeChat',
  },
  'pay.wechatAuthFailed': {
    zh: '微信授权已失效，请重新打开支付页面',
    en: 'The WeChat authorisation has expired, please open the pay page again',
  },
  'refund.notAllowed': { zh: '当前订单状态不允许退款', en: 'This order cannot be refunded in its current state' },
  'refund.exists': { zh: '退款申请已提交，请勿重复申请', en: 'A refund request already exists for this order' },
  'refund.notPending': {
    zh: '退款申请已审核，无法取消',
    en: 'The refund request has been reviewed and can no longer be cancelled',
  },
  'refund.notFound': { zh: '未找到退款申请', en: 'No refund request was found' },
  'refund.notApprovable': {
    zh: '该退款申请当前状态不允许此操作',
    en: 'This refund request cannot be handled in its current status',
  },
  'refund.reasonRequired': { zh: '请输入拒绝原因', en: 'Please enter the reason for refusing' },
  'ok.refundRequested': { zh: '退款申请已提交', en: 'Refund requested' },
  'refund.reasonCodeInvalid': { zh: '请选择退款原因', en: 'Please choose a reason for the refund' },
  'refund.reasonTooLong': { zh: '退款说明不能超过200个字', en: 'The refund note may be at most 200 characters' },
  'refund.blocksStaffAction': {
    zh: '该订单有待处理的退款申请，请先在退款管理中处理（同意或拒绝）后再审核、制作或发货',
    en: 'This order has an open refund request: decide it under Refunds (approve or refuse) before reviewing, producing or shipping',
  },
} as const satisfies Record<string, Text>;
