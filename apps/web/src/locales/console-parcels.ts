// Console: the parcels with a problem (carrier tracking). Flat dotted keys, zh and en.
const zh: Record<string, string> = {
  'console.menu.parcels': '物流异常',
  'console.parcels.intro':
    '已发货的包裹中，被退回、被拒收、快递公司标记为异常，或连续 {{days}} 天没有物流动态的，列在这里，等待最久的在前。',
  'console.parcels.orderNo': '订单编号',
  'console.parcels.waybill': '快递单号',
  'console.parcels.carrier': '快递公司',
  'console.parcels.receiver': '收件人',
  'console.parcels.problem': '问题',
  'console.parcels.lastEvent': '最新动态',
  'console.parcels.since': '最后动态时间',
  'console.parcels.noEvent': '发货后无任何动态',
  'console.parcels.subscribeError': '跟踪订阅失败：{{why}}',
  'console.parcels.refresh': '立即查询',
  'console.parcels.refreshed': '已查询：新增 {{added}} 条动态',
  'console.parcels.problem.returned': '已退回',
  'console.parcels.problem.refused': '已拒收',
  'console.parcels.problem.problem': '快递异常',
  'console.parcels.problem.stalled': '{{days}} 天无动态',
  'console.parcels.empty': '没有物流异常的包裹',
};

const en: Record<keyof typeof zh, string> = {
  'console.menu.parcels': 'Parcel problems',
  'console.parcels.intro':
    'Shipped parcels that were returned, refused, flagged by the carrier, or that have not moved for {{days}} days; the longest waiting first.',
  'console.parcels.orderNo': 'Order number',
  'console.parcels.waybill': 'Tracking number',
  'console.parcels.carrier': 'Courier',
  'console.parcels.receiver': 'Recipient',
  'console.parcels.problem': 'Problem',
  'console.parcels.lastEvent': 'Latest event',
  'console.parcels.since': 'Last movement',
  'console.parcels.noEvent': 'Nothing since shipping',
  'console.parcels.subscribeError': 'Tracking subscription failed: {{why}}',
  'console.parcels.refresh': 'Ask the carrier now',
  'console.parcels.refreshed': 'Asked: {{added}} new events',
  'console.parcels.problem.returned': 'Returned',
  'console.parcels.problem.refused': 'Refused',
  'console.parcels.problem.problem': 'Carrier problem',
  'console.parcels.problem.stalled': 'No movement for {{days}} days',
  'console.parcels.empty': 'No parcel has a problem',
};

export default { zh, en };
