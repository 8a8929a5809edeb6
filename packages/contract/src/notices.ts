import { z } from 'zod';
import type { Text } from './i18n.ts';

/**
 * Notices the portal sends a member when something happens to an order (see ARCHITECTURE.md,
 * "Notices"): each kind's channels, whether the member may turn it off, and its words. The SMS
 * texts are the templates the operator files with the SMS provider (README, "Notices"); `${name}`
 * is a template parameter, filled from the notice's params in the order of `params`.
 */
export const NOTICE_KINDS = [
  'photoRefused',
  'nationalRefused',
  'shipped',
  'parcelSigned',
  'parcelReturned',
  'parcelProblem',
  'refundPaid',
  'refundFailed',
  'refundRefused',
  'taskDeadline',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export type NoticeChannel = 'sms' | 'mail' | 'portal';

export interface NoticeKindRule {
  /** SMS, e-mail (when the member proved one) and in-portal message. */
  channels: readonly NoticeChannel[];
  /** A member may turn it off in the personal centre (the others stay on). */
  optional: boolean;
  /** The template's parameters, in the order Tencent's TemplateParamSet takes them. */
  params: readonly string[];
  /** The in-portal message's title and the text of SMS and e-mail, `${param}` filled in. */
  title: Text;
  text: Text;
}

const refusalParams = ['orderNo', 'persons', 'reason', 'deadline', 'link'] as const;
const refundParams = ['orderNo', 'amount', 'reason', 'link'] as const;

export const NOTICE_RULES: Record<NoticeKind, NoticeKindRule> = {
  photoRefused: {
    channels: ['sms', 'portal', 'mail'],
    optional: false,
    params: refusalParams,
    title: { zh: '照片未通过审核', en: 'Photo not accepted by the reviewer' },
    text: {
      zh: '您的订单${orderNo}中${persons}的照片未通过审核，原因：${reason}。请于${deadline}前登录学生图像采集平台更换照片：${link}',
      en: 'In your order ${orderNo} the photo of ${persons} was not accepted: ${reason}. Please log in to the student photo portal and replace it by ${deadline}: ${link}',
    },
  },
  nationalRefused: {
    channels: ['sms', 'portal', 'mail'],
    optional: false,
    params: refusalParams,
    title: { zh: '照片未通过全国学籍平台审核', en: 'Photo turned down by the national platform' },
    text: {
      zh: '您的订单${orderNo}中${persons}的照片未通过全国学籍平台审核，原因：${reason}。请于${deadline}前登录学生图像采集平台更换照片：${link}',
      en: 'In your order ${orderNo} the national platform turned down the photo of ${persons}: ${reason}. Please log in to the student photo portal and replace it by ${deadline}: ${link}',
    },
  },
  shipped: {
    channels: ['sms', 'portal'],
    optional: false,
    params: ['orderNo', 'carrier', 'waybillNo', 'link'],
    title: { zh: '订单已发货', en: 'Your order has shipped' },
    text: {
      zh: '您的订单${orderNo}已发货，承运快递：${carrier}，运单号：${waybillNo}。查看物流：${link}',
      en: 'Your order ${orderNo} has shipped with ${carrier}, tracking number ${waybillNo}. Track it: ${link}',
    },
  },
  parcelSigned: {
    channels: ['portal'],
    optional: true,
    params: ['orderNo', 'link'],
    title: { zh: '包裹已签收', en: 'Parcel signed for' },
    text: {
      zh: '您的订单${orderNo}的包裹已签收。如未收到，请联系客服：${link}',
      en: 'The parcel of your order ${orderNo} was signed for. If you did not receive it, please contact the service desk: ${link}',
    },
  },
  parcelReturned: {
    channels: ['sms', 'portal'],
    optional: false,
    params: ['orderNo', 'link'],
    title: { zh: '包裹被退回', en: 'Parcel returned' },
    text: {
      zh: '您的订单${orderNo}的包裹被拒收或退回，请登录平台核对收货地址并联系客服：${link}',
      en: 'The parcel of your order ${orderNo} was refused or returned. Please log in, check the delivery address and contact the service desk: ${link}',
    },
  },
  parcelProblem: {
    channels: ['portal'],
    optional: false,
    params: ['orderNo', 'link'],
    title: { zh: '包裹运输异常', en: 'Parcel held up' },
    text: {
      zh: '您的订单${orderNo}的包裹运输异常，快递公司正在处理；如多日无进展，请联系客服：${link}',
      en: 'The parcel of your order ${orderNo} is held up and the carrier is dealing with it; if nothing moves for days, please contact the service desk: ${link}',
    },
  },
  refundPaid: {
    channels: ['sms', 'portal'],
    optional: false,
    params: refundParams,
    title: { zh: '退款已到账', en: 'Refund paid' },
    text: {
      zh: '您的订单${orderNo}的退款${amount}元已退回原支付账户。${reason}详情：${link}',
      en: 'The refund of ¥${amount} for your order ${orderNo} was paid back to the account you paid with. ${reason}Details: ${link}',
    },
  },
  refundFailed: {
    channels: ['sms', 'portal'],
    optional: false,
    params: refundParams,
    title: { zh: '退款失败', en: 'Refund failed' },
    text: {
      zh: '您的订单${orderNo}的退款${amount}元未能退回，原因：${reason}。财务将重新处理，无需重复申请。详情：${link}',
      en: 'The refund of ¥${amount} for your order ${orderNo} could not be paid: ${reason}. Finance will retry; there is no need to ask again. Details: ${link}',
    },
  },
  refundRefused: {
    channels: ['sms', 'portal'],
    optional: false,
    params: refundParams,
    title: { zh: '退款申请未通过', en: 'Refund request refused' },
    text: {
      zh: '您的订单${orderNo}的退款申请（${amount}元）未通过，原因：${reason}。如有疑问请联系客服。详情：${link}',
      en: 'Your refund request (¥${amount}) for order ${orderNo} was refused: ${reason}. Please contact the service desk with any question. Details: ${link}',
    },
  },
  taskDeadline: {
    channels: ['sms'],
    optional: true,
    params: ['school', 'deadline', 'link'],
    title: { zh: '集中采集即将截止', en: 'School photo collection closing soon' },
    text: {
      zh: '${school}的集中采集将于${deadline}截止，您还没有通过审核的照片，请尽快登录学生图像采集平台上传：${link}',
      en: 'The photo collection of ${school} closes on ${deadline} and you have no accepted photo yet. Please log in to the student photo portal and upload one: ${link}',
    },
  },
};

/** The kinds a member may turn off, as the personal centre's switches name them. */
export const OPTIONAL_NOTICE_KINDS = NOTICE_KINDS.filter((k) => NOTICE_RULES[k].optional);

/**
 * Fills `${name}` in a notice text with its params (unknown names are left empty); in English a
 * param's `<name>_en` (a reviewer's reason in English) is taken when there is one.
 */
export function fillNotice(text: string, params: Record<string, string>, lang: 'zh' | 'en' = 'zh'): string {
  return text.replace(
    /\$\{(\w+)\}/g,
    (_, k: string) => (lang === 'en' ? params[`${k}_en`] : undefined) ?? params[k] ?? '',
  );
}

export const noticeMessageSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  text: z.string(),
  /** The portal path of the order it is about (null: none). */
  link: z.string().nullable(),
  orderId: z.number().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NoticeMessage = z.infer<typeof noticeMessageSchema>;

export const noticeListSchema = z.object({
  items: z.array(noticeMessageSchema),
  total: z.number(),
  unread: z.number(),
});

export const noticePrefsSchema = z.object({ taskDeadline: z.boolean(), parcelSigned: z.boolean() });
export type NoticePrefs = z.infer<typeof noticePrefsSchema>;

export const NOTICE_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;

/** One delivery of a notice, as the console's order page lists it. */
export const consoleNoticeRowSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTICE_KINDS),
  channel: z.enum(['sms', 'mail', 'portal']),
  state: z.enum(NOTICE_STATES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ConsoleNoticeRow = z.infer<typeof consoleNoticeRowSchema>;

/** An order whose photo has waited for review past the promised time (the 2nd working day). */
export const overdueReviewRowSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  submittedAt: z.string(),
});

export const staffNoticeOverviewSchema = z.object({
  overdueReviews: z.array(overdueReviewRowSchema),
  failedNotices: z.array(
    consoleNoticeRowSchema.extend({ orderId: z.number().nullable(), orderNo: z.string().nullable() }),
  ),
});
