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
  'task.featureCodeTaken': {
    zh: '特征码已被该学校另一个未关闭的采集任务使用',
    en: 'Feature code: another open collection task of this school already uses it',
  },
  'task.schoolNotYourBranch': {
    zh: '该学校不属于本分公司，不能为其创建或修改采集任务',
    en: 'This school is not served by your branch; you cannot create or edit its collection tasks',
  },
  'task.ambiguous': {
    zh: '该学校和特征码对应多个采集任务，请联系客服',
    en: 'More than one collection task matches this school and feature code; please contact customer service',
  },
  'task.proofRequired': {
    zh: '请先输入身份证号后4位核验身份',
    en: 'Please verify your identity with the last 4 characters of your ID number first',
  },
  'task.idLast4Required': { zh: '请输入身份证号后4位', en: 'Please enter the last 4 characters of your ID number' },
  'task.idLast4Pattern': {
    zh: '身份证号后4位为4位数字或字母',
    en: 'The last 4 characters of an ID number are 4 digits or letters',
  },
  'task.proofWrong': {
    zh: '身份证号后4位与学籍信息不一致',
    en: 'The last 4 characters do not match the ID number on the student record',
  },
  'task.tooManyProofs': {
    zh: '今日身份核验失败次数过多，请明天再试或联系客服',
    en: 'Too many failed identity checks today. Please try again tomorrow or call customer service.',
  },
  'task.noStudentRecord': {
    zh: '未找到该学生的学籍信息，无需核验',
    en: 'The platform has no record of this student; there is nothing to verify',
  },
  'task.proven': { zh: '身份核验通过', en: 'Identity verified' },
  'task.branchInvalid': { zh: '请输入分公司代码', en: 'Please enter the branch code' },
} as const satisfies Record<string, Text>;
