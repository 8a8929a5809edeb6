import type { Text } from '../i18n.ts';

/** Messages of the notices area (SMS, e-mail and in-portal messages about a member's orders). */
export const noticesMessages = {
  'notice.notFound': { zh: '未找到该通知', en: 'No such notice' },
  'notice.notResendable': {
    zh: '只有发送失败的通知可以重发',
    en: 'Only a notice that failed can be sent again',
  },
  'notice.prefRequired': { zh: '请选择是否接收该通知', en: 'Please choose whether to receive this notice' },
} as const satisfies Record<string, Text>;
