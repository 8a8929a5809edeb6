import { cohortEntrySchema, cohortPageSchema, cohortTaskSchema } from './cohort.ts';
import { z } from 'zod';
import { deactivationCheckSchema } from './account.ts';
import { addressSchema } from './addresses.ts';
import { consoleNoticeRowSchema, noticeListSchema, noticePrefsSchema, staffNoticeOverviewSchema } from './notices.ts';
import type { ConsoleRoute, Filled, Method, PortalRoute } from './api-paths.ts';
import { areaSchema, carrierSchema, schoolSchema } from './catalog.ts';
import {
  auditRowSchema,
  bindingRowSchema,
  consoleFormSchema,
  consoleSchoolRowSchema,
  consoleSettingsSchema,
  consoleTaskRowSchema,
  dashboardSchema,
  nationalReportItemSchema,
  nationalReportJobSchema,
  orderPageSchema,
  orderRowSchema,
  pageOf,
  personSchema,
  reviewItemSchema,
  staffMeSchema,
  staffUserSchema,
  totpEnrolmentSchema,
  traceItemSchema,
} from './console.ts';
import {
  bannerSchema,
  collectionCentreSchema,
  faqSchema,
  formFileSchema,
  newsDetailSchema,
  newsListSchema,
  noticeSchema,
  pickNumberSchema,
  staticPageSchema,
} from './content.ts';
import { decodedCodeSchema, qrCodeSchema, studentByImageSchema } from './national-codes.ts';
import { orderListItemSchema, photoConsentSchema } from './order-lists.ts';
import { exportLeftOutRowSchema, exportLinkSchema, nationalExportJobSchema } from './national-export.ts';
import { claimAnswerSchema, decideAnswerSchema } from './review.ts';
import {
  nationalPersonSchema,
  nationalRejectionSchema,
  orderDetailAnswerSchema,
  orderTimelineSchema,
  orderWithDetailsSchema,
  photoIssuesSchema,
} from './orders.ts';
import {
  consoleRefundRow,
  latestPaymentResponse,
  payInfoResponse,
  payStatusResponse,
  payTypeResponse,
  refundView,
} from './payments.ts';
import { phonePayOptionsResponse, phonePayResponse } from './phone-pay.ts';
import { parcelProblemRowSchema, parcelRefreshSchema } from './parcels.ts';
import { bulkShipResultSchema } from './bulk-shipping.ts';
import { captureTokenSchema, photoRefusalSchema } from './photos.ts';
import { bindingDisputeRow, bindStatusSchema, washOrderAndDetailsSchema, washStudentRow } from './reprint.ts';
import { publicSettingsSchema } from './settings.ts';
import { matchStudentData, taskOrderListItem, taskOrderWithDetails, taskPrefill } from './task.ts';

/**
 * What each portal API path answers in its envelope's `data`: the ONE place that ties a path to
 * its response. The web's client reads the data type from here (`apiGet('/api/address/list')` is
 * an `Address[]`, and a caller cannot claim another type); the map must name every route of
 * PORTAL_API (api-paths.ts), so a new route comes with its answer. Where the server declares a
 * zod schema from the contract, this is that schema; `raw` calls (which also see other codes)
 * are typed by the success answer. Imported by the web as a type only (no runtime cost).
 */

/** An answer with no contract schema yet: its type, declared here and nowhere else. */
const typed = <T>() => z.custom<T>();
/** Not a JSON envelope (a file, an image, a redirect): never read through the JSON client. */
const NOT_JSON = z.never();

export const loginAnswerSchema = z.object({
  token: z.string(),
  randomKey: z.string(),
  memberId: z.number(),
  isFirst: z.boolean(),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const memberInfoSchema = z.object({
  memberId: z.number(),
  mobile: z.string(),
  mail: z.string(),
  /** Whether the member proved `mail` with a code (only a proven address finds the account). */
  mailVerified: z.boolean(),
  name: z.string(),
  idCard: z.string(),
  isFirst: z.boolean(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const imageCodeSchema = z.object({ imageCodeToken: z.string(), imageCode: z.string() });
export const traceAnswerSchema = z.object({
  traceNo: z.string(),
  carrier: z.string().nullable(),
  responseItems: z.array(traceItemSchema),
});
/** The match of a task's student (code 200; codes 201/202 answer `{ status }` and are read raw). */
export const matchAnswerSchema = matchStudentData.extend({ prefill: taskPrefill });
export type MatchAnswer = z.infer<typeof matchAnswerSchema>;
/** A photo upload's answer: the photo's key, or the check that refused it (read raw). */
const photoAnswer = z.union([z.string(), photoRefusalSchema]);

export const PORTAL_RESPONSES = {
  'GET /api/address/list': z.array(addressSchema),
  'GET /api/baseInfo/downloadForm/:id': NOT_JSON,
  'GET /api/baseInfo/getAllSchool': z.array(schoolSchema),
  'GET /api/baseInfo/getBanner': z.array(bannerSchema),
  'GET /api/baseInfo/getCollectionCenter': z.array(collectionCentreSchema),
  'GET /api/baseInfo/getFilterInfo': schoolSchema,
  'GET /api/baseInfo/getForm': z.array(formFileSchema),
  'GET /api/baseInfo/getLogisticsInfo': z.array(carrierSchema),
  'GET /api/baseInfo/getNoticeByType': z.array(noticeSchema),
  'GET /api/baseInfo/getQuestion': z.array(faqSchema),
  'GET /api/baseInfo/getSchoolInfo': z.array(schoolSchema),
  'GET /api/baseInfo/getStaticPage': staticPageSchema,
  'GET /api/baseInfo/getTaskIsMosaic': z.number(),
  'GET /api/baseInfo/matchStudent': matchAnswerSchema,
  'POST /api/baseInfo/proveStudent': matchAnswerSchema,
  'GET /api/baseInfo/refuseList': z.number(),
  'GET /api/baseInfo/settings': publicSettingsSchema,
  'GET /api/baseinfo/content_image/:key': NOT_JSON,
  'GET /api/binding/findCheckStatus': bindStatusSchema,
  'GET /api/binding/findWashStudentInfo': z.array(washStudentRow),
  'GET /api/binding/photo/:bindingId/:photoId': NOT_JSON,
  'GET /api/binding/unbinding': z.null(),
  'GET /api/content/assets/:file': NOT_JSON,
  'GET /api/img/candidate/:id': NOT_JSON,
  'GET /api/img/downloadPhoto': NOT_JSON,
  'GET /api/img/downloadPhotos': NOT_JSON,
  'GET /api/img/view/:key': NOT_JSON,
  /** A finished national export's ZIP through its signed link (downloaded, not read as JSON). */
  'GET /api/export-file/:id': NOT_JSON,
  'GET /api/login/auth': loginAnswerSchema,
  /** Code 0: logged in; 201: an openId to bind on /selectStudent (read raw). */
  'GET /api/login/callback': typed<LoginAnswer & { openId?: string; nickname?: string }>(),
  'GET /api/login/getImageCode': imageCodeSchema,
  'GET /api/login/logout': z.null(),
  'GET /api/login/sendCode': z.null(),
  'GET /api/login/sendLogoutCode': z.null(),
  'GET /api/login/wxlogin': z.object({ url: z.string() }),
  'GET /api/member/deactivationCheck': deactivationCheckSchema,
  'GET /api/member/getMemberInfo': memberInfoSchema,
  'GET /api/member/sendCode': z.null(),
  'GET /api/member/sendMailCode': z.null(),
  'GET /api/order/deleteOrder': z.null(),
  'GET /api/order/deletePerson': z.null(),
  'GET /api/order/findOrderAndOrderDetails': orderWithDetailsSchema,
  'GET /api/order/findOrderDetail': orderDetailAnswerSchema,
  /** type 1 (collection orders) answers list items; type 2 (reprints) the plain order answers. */
  'GET /api/order/findOrderList': z.array(orderListItemSchema),
  'GET /api/order/findWashOrderAndOrderDetails': washOrderAndDetailsSchema,
  'GET /api/order/photoConsent': photoConsentSchema,
  'GET /api/order/photoIssues': photoIssuesSchema,
  'GET /api/order/photoRejections': z.array(nationalRejectionSchema),
  'GET /api/order/timeline': orderTimelineSchema,
  'GET /api/pay/latestPayment': latestPaymentResponse,
  'GET /api/pay/phoneOptions': phonePayOptionsResponse,
  'GET /api/pay/refund': refundView,
  'GET /api/pay/status': payStatusResponse,
  'GET /api/refund/status': refundView.nullable(),
  'GET /api/taskOrder/deleteOrder': z.null(),
  'GET /api/taskOrder/findIsShipping': z.object({ isShipping: z.number() }),
  'GET /api/taskOrder/findOrderAndOrderDetails': taskOrderWithDetails,
  'GET /api/taskOrder/list': z.array(taskOrderListItem),
  'GET /api/taskPay/getPayType': payTypeResponse,
  'GET /api/taskPay/refund': refundView,
  'GET /api/wayBillTraceReceive/call': traceAnswerSchema,
  'POST /api/address/delete': z.null(),
  'POST /api/address/save': addressSchema,
  'POST /api/address/setDefault': z.null(),
  'POST /api/baseInfo/selectArea': z.array(areaSchema),
  'POST /api/baseinfo/important_notice': noticeSchema.nullable(),
  'POST /api/baseinfo/information_detail': newsDetailSchema,
  'POST /api/baseinfo/information_list': newsListSchema,
  'POST /api/baseinfo/pick_number': pickNumberSchema,
  'POST /api/binding/binding': z.null(),
  'POST /api/binding/cancelUnbinding': z.null(),
  'POST /api/code/sendEmailCode': z.null(),
  'POST /api/code/sendMobileCode': z.null(),
  'POST /api/img/accept-corrected': photoAnswer,
  'POST /api/img/capture-token': captureTokenSchema,
  'POST /api/img/decodeQrcode': decodedCodeSchema,
  'POST /api/img/getStudentInfoByImg': studentByImageSchema,
  'POST /api/img/upload': photoAnswer,
  'POST /api/login/bindingMail': loginAnswerSchema,
  'POST /api/login/bindingMobile': loginAnswerSchema,
  'POST /api/login/exit': z.null(),
  'POST /api/member/updateMail': z.null(),
  'POST /api/member/updateMemberInfo': z.null(),
  'POST /api/member/updateMobile': z.null(),
  'POST /api/order/addPerson2Order': z.number(),
  'POST /api/order/createCollectionOrder': z.number(),
  'POST /api/order/createWashOrder': z.number(),
  'POST /api/order/deletePerson': z.null(),
  'POST /api/order/list': orderWithDetailsSchema,
  'POST /api/order/modifyWashOrder': z.null(),
  'POST /api/order/photoConsent': photoConsentSchema,
  'POST /api/order/schoolList': z.array(schoolSchema),
  'POST /api/order/updatePerson': z.null(),
  'POST /api/order/updateShipping': z.null(),
  'POST /api/pay/getPayInfo': payInfoResponse,
  'POST /api/pay/phonePay': phonePayResponse,
  'POST /api/qrCode/getQrCode': qrCodeSchema,
  'POST /api/qrCode/getQrCodeInfo': nationalPersonSchema.nullable(),
  'POST /api/refund/cancelRefund': refundView,
  'POST /api/refund/creatRefund': refundView,
  /** The order made (code 0; other codes answer `{ status }` and are read raw). */
  'POST /api/taskOrder/create': z.object({ id: z.number(), orderNo: z.string() }),
  'POST /api/taskOrder/updatePerson': z.null(),
  'POST /api/taskOrder/updateShipping': z.null(),
  'POST /api/taskPay/getPayInfo': payInfoResponse,
  'POST /api/wayBillTraceReceive/call': traceAnswerSchema,
  'GET /api/notices/list': noticeListSchema,
  'GET /api/notices/unread': z.object({ unread: z.number() }),
  'GET /api/notices/prefs': noticePrefsSchema,
  'POST /api/notices/read': z.object({ unread: z.number() }),
  'POST /api/notices/prefs': noticePrefsSchema,
} satisfies Record<PortalRoute, z.ZodType>;

export type PortalResponses = typeof PORTAL_RESPONSES;

/** The route (`METHOD /pattern`) that a called path belongs to. */
export type PortalRouteOf<M extends Method, P extends string> = {
  [R in PortalRoute]: R extends `${M} ${infer Pattern}` ? (P extends Filled<Pattern> ? R : never) : never;
}[PortalRoute];

/** The `data` a portal call of this method and path answers. */
export type PortalData<M extends Method, P extends string> = z.output<PortalResponses[PortalRouteOf<M, P>]>;

/** A content row of the console's generic content editor (its fields are CONTENT_TYPES'). */
const contentRow = z.record(z.string(), z.unknown());
const bindingDecision = z.object({ state: z.number() });

/** What each console API path answers (the role table's routes and the login): as PORTAL_RESPONSES. */
export const CONSOLE_RESPONSES = {
  'POST /api/console/login': z.object({ token: z.string(), staff: staffMeSchema }),
  'POST /api/console/logout': z.null(),
  'GET /api/console/me': staffMeSchema,
  'GET /api/console/dashboard': dashboardSchema,
  'POST /api/console/me/totp/start': totpEnrolmentSchema,
  'POST /api/console/me/totp/confirm': staffMeSchema,
  'POST /api/console/me/totp/disable': staffMeSchema,

  'GET /api/console/orders': pageOf(orderRowSchema),
  'GET /api/console/orders/:id': orderPageSchema,
  'GET /api/console/review': pageOf(reviewItemSchema),
  'POST /api/console/review/claim': claimAnswerSchema,
  'POST /api/console/review/decide': decideAnswerSchema,
  'POST /api/console/review/reset': z.object({ state: z.number() }),
  'POST /api/console/orders/transition': z.object({ changed: z.number() }),
  'GET /api/console/packing-list': z.array(z.object({ order: orderRowSchema, persons: z.array(personSchema) })),
  'GET /api/console/parcels/problems': pageOf(parcelProblemRowSchema),
  'POST /api/console/parcels/:id/refresh': parcelRefreshSchema,
  'POST /api/console/shipping/bulk': bulkShipResultSchema,
  'GET /api/console/orders/:id/notices': z.array(consoleNoticeRowSchema),
  'POST /api/console/notices/:id/resend': consoleNoticeRowSchema,
  'GET /api/console/notices/overview': staffNoticeOverviewSchema,
  'GET /api/console/photos/:id': NOT_JSON,
  'GET /api/console/photos/:id/original': NOT_JSON,

  'GET /api/console/refunds': z.array(consoleRefundRow),
  'POST /api/console/refunds/:id/approve': consoleRefundRow,
  'POST /api/console/refunds/:id/refuse': consoleRefundRow,

  'GET /api/console/bindings': z.array(bindingRowSchema),
  'POST /api/console/bindings/:id/approve': bindingDecision,
  'POST /api/console/bindings/:id/refuse': bindingDecision,
  'GET /api/console/binding-disputes': z.array(bindingDisputeRow),
  'POST /api/console/binding-disputes/:id/resolve': bindingDecision,

  'GET /api/console/content/:type': z.array(contentRow),
  'POST /api/console/content/:type': contentRow,
  'POST /api/console/content/:type/delete': z.null(),
  'GET /api/console/settings': consoleSettingsSchema,
  'POST /api/console/settings': consoleSettingsSchema,
  'GET /api/console/forms': z.array(consoleFormSchema),
  'POST /api/console/forms': consoleFormSchema,
  'POST /api/console/forms/delete': z.null(),
  'POST /api/console/content-image': z.object({ url: z.string() }),

  'GET /api/console/schools': z.array(consoleSchoolRowSchema),
  'GET /api/console/tasks': z.array(consoleTaskRowSchema),
  'POST /api/console/tasks': consoleTaskRowSchema,
  'POST /api/console/schools/import': z.object({ created: z.number(), updated: z.number() }),
  'POST /api/console/schools/:yxdm/pilot': z.null(),
  'POST /api/console/schools/:yxdm/branch': z.null(),

  'POST /api/console/national-export': nationalExportJobSchema,
  'GET /api/console/national-export': z.array(nationalExportJobSchema),
  'GET /api/console/national-export/:id/left-out': z.array(exportLeftOutRowSchema),
  'GET /api/console/national-export/:id/link': exportLinkSchema,
  'GET /api/console/national-report': z.array(nationalReportJobSchema),
  'POST /api/console/national-report': nationalReportJobSchema,
  'GET /api/console/national-report/:id/items': z.array(nationalReportItemSchema),

  'GET /api/console/cohort/tasks': z.array(cohortTaskSchema),
  'GET /api/console/cohort': cohortPageSchema,
  /** An Excel file (downloaded, not read as JSON). */
  'POST /api/console/cohort/export': NOT_JSON,
  'GET /api/console/cohort/entry': cohortEntrySchema,
  'POST /api/console/cohort/reset': z.object({ state: z.number() }),

  'GET /api/console/staff': z.array(staffUserSchema),
  'POST /api/console/staff': z.object({ id: z.number() }),
  'POST /api/console/staff/totp-reset': z.null(),
  'POST /api/console/staff/unlock': z.null(),
  'GET /api/console/audit': pageOf(auditRowSchema),
} satisfies Record<ConsoleRoute, z.ZodType>;

export type ConsoleResponses = typeof CONSOLE_RESPONSES;

/** The console route (`METHOD /pattern`) that a called path belongs to. */
export type ConsoleRouteOf<M extends Method, P extends string> = {
  [R in ConsoleRoute]: R extends `${M} ${infer Pattern}` ? (P extends Filled<Pattern> ? R : never) : never;
}[ConsoleRoute];

/** The `data` a console call of this method and path answers. */
export type ConsoleData<M extends Method, P extends string> = z.output<ConsoleResponses[ConsoleRouteOf<M, P>]>;
