import type { Text } from '../i18n.ts';

/** Messages of the orders area (zh word for word from the specification, and en). */
export const ordersMessages = {
  'order.notFound': { zh: '订单不存在', en: 'The order does not exist' },
  'order.notYours': { zh: '无权操作该订单', en: 'This order is not yours' },
  'order.personNotFound': { zh: '该条信息不存在', en: 'This entry does not exist' },
  'order.stateNoDelete': { zh: '当前订单状态不允许删除', en: 'The order cannot be deleted in its current state' },
  'order.stateNoAdd': {
    zh: '当前订单状态不允许添加或删除照片',
    en: 'Entries cannot be added or deleted in the current order state',
  },
  'order.stateNoModify': { zh: '当前订单状态不允许修改', en: 'The order cannot be modified in its current state' },
  'order.stateNoShipping': {
    zh: '当前订单状态不允许修改物流信息',
    en: 'The shipping cannot be changed in the current order state',
  },
  'order.stateNoPhoto': {
    zh: '当前订单状态不允许修改照片',
    en: 'The photo cannot be changed in the current order state',
  },
  'order.stateNoDownload': {
    zh: '当前订单状态不允许下载照片',
    en: 'The photo cannot be downloaded in the current order state',
  },
  'order.photoInvalid': { zh: '照片无效，请重新上传', en: 'The photo is not valid, please upload it again' },
  'order.duplicatePerson': { zh: '该学生已在订单中', en: 'This student is already on the order' },
  'order.carrierUnknown': { zh: '请选择快递', en: 'Please choose a courier' },
  'order.consentRequired': {
    zh: '请先阅读并同意人脸照片及身份证件号码处理说明',
    en: 'Please read and agree to the processing of your face photo and ID number first',
  },
  'order.qrExpired': { zh: '二维码已失效，请重新获取', en: 'The QR code has expired, please fetch a new one' },
  'order.qrUnknown': { zh: '二维码不存在，请重新获取', en: 'Unknown QR code, please fetch a new one' },
  'order.qrDecodeFailed': { zh: '未识别到二维码，请重新上传', en: 'No QR code was recognised, please upload again' },
  'order.qrNoStudent': { zh: '未找到该采集码对应的学生信息', en: 'No student record matches this collection code' },
  'order.qrImageFormat': { zh: '二维码图片只能是 JPG 或 PNG 格式', en: 'The code picture must be a JPG or PNG file' },
  'order.qrImageTooLarge': {
    zh: '二维码图片尺寸过大（不能超过4000万像素、5M）',
    en: 'The code picture is too large (at most 40 million pixels and 5 MB)',
  },
  'national.notConfigured': {
    zh: '学信平台接口未配置',
    en: 'The national student-information platform interface is not configured',
  },
  'national.studentNotFound': { zh: '未找到该学生', en: 'Student not found' },
  'order.sameFace': { zh: '同一张人脸不能用于多名学生', en: 'The same face cannot be used for more than one student' },
  'address.notFound': { zh: '地址不存在', en: 'The address does not exist' },
  'address.max': { zh: '最多保存20个地址', en: 'At most 20 addresses can be saved' },
  'ok.recognised': { zh: '识别成功', en: 'Recognition succeeded' },
} as const satisfies Record<string, Text>;
