import type { Text } from '../i18n.ts';

/** Messages of the logistics area (zh word for word from the specification, and en). */
export const logisticsMessages = {
  'logistics.traceNoRequired': { zh: '请输入运单号', en: 'Please give the waybill number' },
  'logistics.notYours': { zh: '未找到该运单', en: 'This waybill was not found' },
  'logistics.noTracking': {
    zh: '未配置物流跟踪服务，无法实时查询',
    en: 'No tracking service is configured; the parcel cannot be queried now',
  },
  'logistics.trackingFailed': {
    zh: '物流查询失败，请稍后再试',
    en: 'The tracking service did not answer; please try again later',
  },
  'logistics.notShipped': { zh: '该订单尚未发货', en: 'This order has not been shipped' },
  'logistics.bulk.fileType': {
    zh: '只接受CSV或Excel（.xlsx）文件',
    en: 'Only CSV or Excel (.xlsx) files are accepted',
  },
  'logistics.bulk.unreadable': {
    zh: '文件无法读取，请另存为CSV或.xlsx后重试',
    en: 'The file cannot be read; save it as CSV or .xlsx and try again',
  },
  'logistics.bulk.tooLarge': { zh: '文件过大', en: 'The file is too large' },
  'logistics.bulk.noHeader': {
    zh: '文件第一行须有“订单编号”和“运单号”两列',
    en: 'The first row must have the columns 订单编号 (order number) and 运单号 (waybill number)',
  },
  'logistics.bulk.empty': { zh: '文件中没有数据行', en: 'The file has no data rows' },
  'logistics.bulk.tooMany': {
    zh: '一个文件最多{max}行，请分开上传',
    en: 'A file may hold at most {max} rows; upload it in parts',
  },
  'logistics.bulk.orderNoMissing': { zh: '缺少订单编号', en: 'The order number is missing' },
  'logistics.bulk.waybillFormat': {
    zh: '运单号与快递公司的运单号格式不符',
    en: "The waybill number does not have the carrier's format",
  },
  'logistics.bulk.waybillInvalid': {
    zh: '运单号须为4-40位字母、数字或短横线',
    en: 'The waybill number must be 4-40 letters, digits or hyphens',
  },
  'logistics.bulk.duplicateOrder': {
    zh: '该订单在文件中已出现过',
    en: 'This order appears earlier in the file',
  },
  'logistics.bulk.unknownOrder': { zh: '订单不存在', en: 'No such order' },
  'logistics.bulk.wrongState': {
    zh: '订单当前状态不能发货（须为制作中）',
    en: 'The order cannot be shipped in its current state (it must be in production)',
  },
  'logistics.bulk.refundPending': {
    zh: '订单有待处理的退款申请，不能发货',
    en: 'The order has a refund request pending; it cannot be shipped',
  },
} as const satisfies Record<string, Text>;
