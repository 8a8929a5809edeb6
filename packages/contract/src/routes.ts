/** Session storage keys (document 1, section 3). */
export const SESSION_KEYS = [
  'token',
  'isLogin',
  'memberId',
  'mobile',
  'idCard',
  'name',
  'studentName',
  'mail',
  'isFirst',
  'randomKey',
  'openId',
  'url',
  'urlBackTwo',
  'backhome',
  'reject',
  'seven',
  'order_id',
  'creat_a_new_order',
  'type',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];
