import { CONSOLE_API, CONSOLE_PUBLIC } from './staff-access.ts';

/**
 * The API paths the web calls, as `METHOD /path` the way the server registers them (`:param`
 * included). The portal's list is here; the console's is the role table (staff-access.ts
 * CONSOLE_API). A generated server test checks both against the registered routes in both
 * directions, and the web's clients take only these paths (a typo or a removed route fails
 * the type check); what each answers is in api-responses.ts (PORTAL_RESPONSES), which must name
 * every route listed here. Left out: health, metrics, docs, the payment platforms' notifications,
 * the development hooks and the sandbox pages.
 */
export const PORTAL_API = [
  'GET /api/address/list',
  'GET /api/baseInfo/downloadForm/:id',
  'GET /api/baseInfo/getAllSchool',
  'GET /api/baseInfo/getBanner',
  'GET /api/baseInfo/getCollectionCenter',
  'GET /api/baseInfo/getFilterInfo',
  'GET /api/baseInfo/getForm',
  'GET /api/baseInfo/getLogisticsInfo',
  'GET /api/baseInfo/getNoticeByType',
  'GET /api/baseInfo/getQuestion',
  'GET /api/baseInfo/getSchoolInfo',
  'GET /api/baseInfo/getStaticPage',
  'GET /api/baseInfo/getTaskIsMosaic',
  'GET /api/baseInfo/matchStudent',
  'POST /api/baseInfo/proveStudent',
  'GET /api/baseInfo/refuseList',
  'GET /api/baseInfo/settings',
  'GET /api/baseinfo/content_image/:key',
  'GET /api/binding/findCheckStatus',
  'GET /api/binding/findWashStudentInfo',
  'GET /api/binding/photo/:bindingId/:photoId',
  'GET /api/binding/unbinding',
  'GET /api/content/assets/:file',
  'GET /api/img/candidate/:id',
  'GET /api/img/downloadPhoto',
  'GET /api/img/downloadPhotos',
  'GET /api/img/view/:key',
  'GET /api/export-file/:id',
  'GET /api/login/auth',
  'GET /api/login/callback',
  'GET /api/login/getImageCode',
  'GET /api/login/logout',
  'GET /api/login/sendCode',
  'GET /api/login/sendLogoutCode',
  'GET /api/login/wxlogin',
  'GET /api/member/deactivationCheck',
  'GET /api/member/getMemberInfo',
  'GET /api/member/sendCode',
  'GET /api/member/sendMailCode',
  'GET /api/order/deleteOrder',
  'GET /api/order/deletePerson',
  'GET /api/order/findOrderAndOrderDetails',
  'GET /api/order/findOrderDetail',
  'GET /api/order/findOrderList',
  'GET /api/order/findWashOrderAndOrderDetails',
  'GET /api/order/photoConsent',
  'GET /api/order/photoIssues',
  'GET /api/order/photoRejections',
  'GET /api/order/timeline',
  'GET /api/pay/latestPayment',
  'GET /api/pay/phoneOptions',
  'GET /api/pay/refund',
  'GET /api/pay/status',
  'GET /api/refund/status',
  'GET /api/taskOrder/deleteOrder',
  'GET /api/taskOrder/findIsShipping',
  'GET /api/taskOrder/findOrderAndOrderDetails',
  'GET /api/taskOrder/list',
  'GET /api/taskPay/getPayType',
  'GET /api/taskPay/refund',
  'GET /api/wayBillTraceReceive/call',
  'POST /api/address/delete',
  'POST /api/address/save',
  'POST /api/address/setDefault',
  'POST /api/baseInfo/selectArea',
  'POST /api/baseinfo/important_notice',
  'POST /api/baseinfo/information_detail',
  'POST /api/baseinfo/information_list',
  'POST /api/baseinfo/pick_number',
  'POST /api/binding/binding',
  'POST /api/binding/cancelUnbinding',
  'POST /api/code/sendEmailCode',
  'POST /api/code/sendMobileCode',
  'POST /api/img/accept-corrected',
  'POST /api/img/capture-token',
  'POST /api/img/decodeQrcode',
  'POST /api/img/getStudentInfoByImg',
  'POST /api/img/upload',
  'POST /api/login/bindingMail',
  'POST /api/login/bindingMobile',
  'POST /api/login/exit',
  'POST /api/member/updateMail',
  'POST /api/member/updateMemberInfo',
  'POST /api/member/updateMobile',
  'POST /api/order/addPerson2Order',
  'POST /api/order/createCollectionOrder',
  'POST /api/order/createWashOrder',
  'POST /api/order/deletePerson',
  'POST /api/order/list',
  'POST /api/order/modifyWashOrder',
  'POST /api/order/photoConsent',
  'POST /api/order/schoolList',
  'POST /api/order/updatePerson',
  'POST /api/order/updateShipping',
  'POST /api/pay/getPayInfo',
  'POST /api/pay/phonePay',
  'POST /api/qrCode/getQrCode',
  'POST /api/qrCode/getQrCodeInfo',
  'POST /api/refund/cancelRefund',
  'POST /api/refund/creatRefund',
  'POST /api/taskOrder/create',
  'POST /api/taskOrder/updatePerson',
  'POST /api/taskOrder/updateShipping',
  'POST /api/taskPay/getPayInfo',
  'POST /api/wayBillTraceReceive/call',
  'GET /api/notices/list',
  'GET /api/notices/unread',
  'GET /api/notices/prefs',
  'POST /api/notices/read',
  'POST /api/notices/prefs',
] as const;

export type PortalRoute = (typeof PORTAL_API)[number];
export type ConsoleRoute = keyof typeof CONSOLE_API | (typeof CONSOLE_PUBLIC)[number];
export type Method = 'GET' | 'POST';

/** `/a/:id/b` as the type of the paths it matches: `/a/${string}/b`. */
export type Filled<P extends string> = P extends `${infer A}:${string}/${infer B}`
  ? `${A}${string}/${Filled<B>}`
  : P extends `${infer A}:${string}`
    ? `${A}${string}`
    : P;
type PathOf<R extends string, M extends Method> = R extends `${M} ${infer P}` ? Filled<P> : never;

/** A portal API path the server answers for this method. */
export type PortalPath<M extends Method = Method> = PathOf<PortalRoute, M>;
/** A console API path the server answers for this method. */
export type ConsolePath<M extends Method = Method> = PathOf<ConsoleRoute, M>;
