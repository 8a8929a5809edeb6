import type { Text } from '../i18n.ts';

/**
 * Messages of the reprint area (zh and en). The specification's own texts
 * (学号或学校不能为空, 绑定成功, 解绑申请成功, quantity and row rules) live in messages.ts;
 * these are the refusals the binding and reprint-order rules add.
 */
export const reprintMessages = {
  'reprint.noPhotoOnFile': {
    zh: '未查询到该学校该学号的照片信息',
    en: 'No photo is on file for this school and student number',
  },
  'reprint.takenByOther': {
    zh: '该学号已被其他账号绑定',
    en: 'This student number is already bound to another account',
  },
  'reprint.alreadyBound': {
    zh: '您已绑定学籍信息，请先解绑',
    en: 'You are already bound to a student record; unbind it first',
  },
  'reprint.notBound': { zh: '请先绑定学籍信息', en: 'Please bind your student record first' },
  'reprint.noUnbindPending': {
    zh: '没有待审核的解绑申请',
    en: 'There is no unbind application waiting for review',
  },
  'ok.unbindCancelled': { zh: '已撤销解绑申请', en: 'Unbind application withdrawn' },
  'reprint.unbindPending': {
    zh: '解绑申请审核中，请联系客服',
    en: 'Your unbind application is under review; please call customer service',
  },
  'reprint.notYourStudent': {
    zh: '只能为本人绑定的学籍冲印照片',
    en: 'You can only order reprints of your own bound student record',
  },
  'reprint.tooManyAttempts': {
    zh: '今日身份核验失败次数过多，请明天再试或联系客服',
    en: 'Too many failed identity checks today. Please try again tomorrow or call customer service.',
  },
  'reprint.disputeOpened': {
    zh: '该学籍已被其他账号绑定。您的身份已核验通过，已提交客服核实，核实期间原绑定暂停使用',
    en: 'This record is bound to another account. Your identity is verified and the case has gone to customer service; the other binding is suspended until they decide.',
  },
  'reprint.disputePending': {
    zh: '该学籍的绑定争议正在由客服处理，请等待处理结果',
    en: 'Customer service is handling a dispute over this record; please wait for their decision',
  },
  'reprint.bindingSuspended': {
    zh: '您的绑定因身份争议已暂停，请联系客服',
    en: 'Your binding is suspended while customer service reviews a dispute; please call customer service',
  },
  'reprint.bindingLost': {
    zh: '该学籍已由客服核实归属另一位学生，照片不再提供',
    en: 'Customer service found that this student record belongs to another student; its photo is no longer available',
  },
  'reprint.printHeld': {
    zh: '该冲印订单的学籍绑定正在争议中或已解除，照片不能制作',
    en: "This reprint order's binding is under dispute or has ended: its photo cannot be produced",
  },
  'reprint.orderClosedBindingLost': {
    zh: '客服核实该学籍属于另一位已证明身份的学生，您的绑定已解除，本订单已关闭，已付款项将原路退回',
    en: 'Customer service found that this student record belongs to another student who proved their identity: your binding has ended, this order is closed and any payment goes back the way it came',
  },
  'reprint.disputeNotOpen': { zh: '该争议已处理', en: 'This dispute has already been handled' },
  'reprint.claimantBound': {
    zh: '申请人已绑定其他学籍，无法将该学籍交给申请人',
    en: 'The claimant is now bound to another record, so this record cannot be given to them',
  },
} as const satisfies Record<string, Text>;
