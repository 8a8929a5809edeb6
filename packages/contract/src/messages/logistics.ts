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
} as const satisfies Record<string, Text>;
