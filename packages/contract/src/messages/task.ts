import type { Text } from '../i18n.ts';

/**
 * Messages of the task (centralised collection) area. The specification gives no
 * Chinese text for these answers; they follow its wording style.
 */
export const taskMessages = {
  'task.notFound': {
    zh: '未找到该采集任务，请核对学校和特征码',
    en: 'No collection task matches this school and feature code',
  },
  'task.useMiniProgram': {
    zh: '该采集任务已截止网页采集，请使用小程序进行采集',
    en: 'Web collection for this task has closed; please use the mini-programme',
  },
  'task.closed': { zh: '该采集任务已截止', en: 'This collection task has closed' },
  'task.schoolRequired': { zh: '请选择学校', en: 'Please choose the school' },
  'task.xllbRequired': { zh: '请选择学历类别', en: 'Please choose the education category' },
  'task.hasUnpaid': { zh: '您已有该任务的待支付订单', en: 'You already have an unpaid order for this task' },
  'task.hasPaid': { zh: '您已有该任务的已支付订单', en: 'You already have a paid order for this task' },
  'task.matched': { zh: '匹配成功', en: 'Matched' },
} as const satisfies Record<string, Text>;
