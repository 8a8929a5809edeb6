import type { Text } from '../i18n.ts';

/** Messages of the logistics area (zh word for word from the specification, and en). */
export const logisticsMessages = {
  'logistics.traceNoRequired': { zh: '请输入运单号', en: 'Please give the waybill number' },
  'logistics.notYours': { zh: '未找到该运单', en: 'This waybill was not found' },
} as const satisfies Record<string, Text>;
