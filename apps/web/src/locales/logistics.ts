// Messages of the logistics feature, flat dotted keys, zh and en.
const zh: Record<string, string> = {
  'logistics.title': '物流信息',
  'logistics.titleTask': '图像采集物流信息',
  'logistics.orderNo': '订单编号',
  'logistics.carrier': '快递类型',
  'logistics.waybill': '快递单号',
  'logistics.receiver': '收件人',
  'logistics.phone': '联系电话',
  'logistics.address': '收货地址',
  'logistics.timeline': '物流跟踪',
  'logistics.none': '无',
  'logistics.noWaybill': '暂无物流信息',
};

const en: Record<keyof typeof zh, string> = {
  'logistics.title': 'Shipping information',
  'logistics.titleTask': 'Image collection: shipping information',
  'logistics.orderNo': 'Order number',
  'logistics.carrier': 'Courier',
  'logistics.waybill': 'Tracking number',
  'logistics.receiver': 'Recipient',
  'logistics.phone': 'Phone',
  'logistics.address': 'Address',
  'logistics.timeline': 'Tracking',
  'logistics.none': 'None',
  'logistics.noWaybill': 'No shipping information yet',
};

export default { zh, en };
