import { z } from 'zod';
import type { School } from './catalog.ts';
import type { MessageKey } from './messages.ts';
import { reviewRefusalSchema } from './review.ts';
import {
  PATTERNS,
  isValidIdCard,
  mailField,
  mobileField,
  nameField,
  phoneOrLandlineField,
  studentIdField,
} from './validation.ts';

/**
 * Shared payload schemas of the order calls (document 2, sections 3, 5 and 7):
 * the person form of the individual wizard, the shipping form (reused by the
 * centralised and reprint flows) and the order answer shapes.
 */
const msg = (key: MessageKey) => ({ error: key });

/** A required choice among numbers; '' and null count as missing. */
export function choiceField(required: MessageKey, values: readonly number[]) {
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z
      .number(msg(required))
      .int(msg(required))
      .refine((n) => values.includes(n), msg(required)),
  );
}

const requiredText = (required: MessageKey, max = 200) =>
  z.string(msg(required)).trim().min(1, msg(required)).max(max, msg(required));

/** Education levels on the pilot-school step: 4 and 5 switch to the national QR flow (document 2, section 4). */
export const PILOT_QR_EDUCATIONS = [4, 5] as const;
/** The QR education choices stand for undergraduate (4) and junior college (5). */
export const QR_EDUCATION_LEVEL: Record<number, number> = { 4: 2, 5: 3 };

export const majorField = z
  .string(msg('major.required'))
  .trim()
  .min(1, msg('major.required'))
  .regex(PATTERNS.major, msg('major.invalid'));

/** Id number by id type: ID cards must pass the 18-digit pattern with checksum. */
export function idNumberIssue(idType: number | undefined, idNum: string | undefined): MessageKey | null {
  const v = (idNum ?? '').trim();
  const card = idType === 1 || idType === undefined;
  if (!v) return card ? 'idCard.required' : 'idNum.required';
  if (card) return isValidIdCard(v) ? null : 'idCard.invalid';
  return /^[A-Za-z0-9()（）-]{4,30}$/.test(v) ? null : 'idNum.invalid';
}

/** The person form (createCollectionOrder, addPerson2Order). */
export const personFormSchema = z
  .object({
    order_id: z.coerce.number().int().positive().optional(),
    name: nameField,
    mobile: mobileField,
    mail: mailField,
    imageUrl: z.string(msg('image.required')).trim().min(1, msg('image.required')).max(500, msg('image.required')),
    id_type: choiceField('idType.required', [1, 2, 3]),
    id_num: z.string().trim().max(40).optional(),
    sex: choiceField('sex.required', [0, 1]),
    school_type: choiceField('schoolType.required', [1, 2, 3, 4, 5, 6]),
    school_name: requiredText('school.required'),
    /** The school code chosen from the suggestions. */
    daima: z.string(msg('school.chooseFromList')).trim().regex(PATTERNS.yxdm, msg('school.chooseFromList')),
    education: choiceField('education.required', [1, 2, 3]),
    student_id: studentIdField,
    major: majorField,
    xllb: z.coerce.number().int().min(1).max(6).optional(),
    /** Set when the person came from the national app's QR session or collection code. */
    bizSerialNum: z.string().trim().max(64).optional(),
  })
  .superRefine((v, ctx) => {
    const issue = idNumberIssue(v.id_type, v.id_num);
    if (issue) ctx.addIssue({ code: 'custom', path: ['id_num'], message: issue });
  });
export type PersonForm = z.infer<typeof personFormSchema>;

/** Modify a person: only mobile, mail and photo (name, id, education, student number, xllb, school stay locked). */
export const personUpdateSchema = z.object({
  id: z.coerce.number().int().positive(),
  mobile: mobileField,
  mail: mailField,
  picUrl: z.string(msg('image.required')).trim().min(1, msg('image.required')).max(500),
});
export type PersonUpdate = z.infer<typeof personUpdateSchema>;

/** Region pieces are names chosen from the lists. */
const regionName = (key: MessageKey) => requiredText(key, 50);

/** The shipping form (camelCase). The phone may be a landline only on the modify-logistics screen (the web decides; the server accepts both). */
export const shippingFormSchema = z.object({
  shippingType: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : Number(v)),
    z
      .number(msg('shipping.carrierRequired'))
      .int(msg('shipping.carrierRequired'))
      .positive(msg('shipping.carrierRequired')),
  ),
  shippingReceiveName: nameField,
  shippingReceiveMobile: phoneOrLandlineField,
  shippingProvinceName: regionName('address.province'),
  shippingCityName: regionName('address.city'),
  shippingDistrictName: regionName('address.district'),
  shippingAddress: requiredText('address.street', 200).refine((s) => !/\s/.test(s), msg('address.street')),
});
export type ShippingForm = z.infer<typeof shippingFormSchema>;

/**
 * updateShipping takes the signed form (order_id, shipping_type, shipping_receive_name, ...,
 * province, city, district, shipping_address, priceType) or the JSON variant (id, shippingType, ...).
 * Both are normalised to { id, ...ShippingForm } before validation.
 */
export function normaliseShippingBody(raw: unknown): Record<string, unknown> {
  const b = (raw ?? {}) as Record<string, unknown>;
  const pick = (...keys: string[]) => keys.map((k) => b[k]).find((v) => v !== undefined);
  return {
    id: pick('id', 'order_id', 'orderId'),
    shippingType: pick('shippingType', 'shipping_type'),
    shippingReceiveName: pick('shippingReceiveName', 'shipping_receive_name'),
    shippingReceiveMobile: pick('shippingReceiveMobile', 'shipping_receive_mobile'),
    shippingProvinceName: pick('shippingProvinceName', 'province'),
    shippingCityName: pick('shippingCityName', 'city'),
    shippingDistrictName: pick('shippingDistrictName', 'district'),
    shippingAddress: pick('shippingAddress', 'shipping_address'),
  };
}
export const updateShippingSchema = z.preprocess(
  normaliseShippingBody,
  shippingFormSchema.extend({ id: z.coerce.number().int().positive() }),
);

/** The shipping columns of every order answer (individual, reprint, centralised). */
export const shippingAnswerFields = {
  shippingType: z.number().nullable(),
  shippingTypeName: z.string().nullable(),
  shippingReceiveName: z.string().nullable(),
  shippingReceiveMobile: z.string().nullable(),
  shippingProvinceName: z.string().nullable(),
  shippingCityName: z.string().nullable(),
  shippingDistrictName: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  shippingOrderNo: z.string().nullable(),
};

/** The head of the individual and reprint order answers. Money as yuan strings. */
export const orderHeadFields = {
  id: z.number(),
  orderNo: z.string(),
  state: z.number(),
  stateDesc: z.string(),
  ctime: z.string(),
  type: z.number(),
  payType: z.number().nullable(),
  payTime: z.string().nullable(),
  payTotal: z.string(),
};

/** Order answer (document 2, section 3). */
export const orderAnswerSchema = z.object({
  ...orderHeadFields,
  unitPrice: z.string(),
  personCount: z.number(),
  picAllowState: z.number(),
  refuseReason: z.string().nullable(),
  ...shippingAnswerFields,
  isFile: z.number(),
  endTime: z.string().nullable(),
  isShipping: z.number(),
  isRefund: z.number(),
  refundStatus: z.number().nullable(),
  /** Reprint: disc and sheet count. */
  dist: z.number().nullable(),
  num: z.number().nullable(),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

export const orderDetailAnswerSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  idType: z.number(),
  /** Masked (110***********1234) except where the owner's screen needs it. */
  idNum: z.string(),
  mail: z.string().nullable(),
  sex: z.number().nullable(),
  schoolName: z.string().nullable(),
  yxdm: z.string().nullable(),
  education: z.number().nullable(),
  major: z.string().nullable(),
  studentId: z.string().nullable(),
  xllb: z.number().nullable(),
  schoolType: z.number().nullable(),
  picUrl: z.string().nullable(),
  picAllowState: z.number(),
  num: z.number().nullable(),
  dist: z.number().nullable(),
  thirdStudentId: z.string().nullable(),
  fy: z.string().nullable(),
  taskId: z.number().nullable(),
  signature: z.string().nullable(),
  bizSerialNum: z.string().nullable(),
});
export type OrderDetailAnswer = z.infer<typeof orderDetailAnswerSchema>;

export const shippingInfoSchema = z.object(shippingAnswerFields).nullable();

export const orderWithDetailsSchema = z.object({
  order: orderAnswerSchema,
  orderDetails: z.array(orderDetailAnswerSchema),
  shippingInfo: shippingInfoSchema,
});
export type OrderWithDetails = z.infer<typeof orderWithDetailsSchema>;

/** A school suggestion of POST /api/order/schoolList: the catalog's school. */
export type SchoolSuggestion = School;

/** What the national app's QR session and the collection code give the form. */
export const nationalPersonSchema = z.object({
  xm: z.string(),
  xh: z.string(),
  yxmc: z.string(),
  yxdm: z.string(),
  zjhm: z.string(),
  bizSerialNum: z.string(),
  xllb: z.number(),
  education: z.number(),
});
export type NationalPerson = z.infer<typeof nationalPersonSchema>;

/** Consent to processing the face photo and ID number (PIPL art. 29): wording version. */
export const PHOTO_CONSENT_KIND = 'face-photo-id';
export const PHOTO_CONSENT_VERSION = '2025-01';

export type ShippingAnswer = { [K in keyof typeof shippingAnswerFields]: z.infer<(typeof shippingAnswerFields)[K]> };

/** The shipping columns of an order row, as every order answer shows them. */
export function shippingOf(o: ShippingAnswer): ShippingAnswer {
  return {
    shippingType: o.shippingType,
    shippingTypeName: o.shippingTypeName,
    shippingReceiveName: o.shippingReceiveName,
    shippingReceiveMobile: o.shippingReceiveMobile,
    shippingProvinceName: o.shippingProvinceName,
    shippingCityName: o.shippingCityName,
    shippingDistrictName: o.shippingDistrictName,
    shippingAddress: o.shippingAddress,
    shippingOrderNo: o.shippingOrderNo,
  };
}

/** True when the shipping of an order is complete enough to pay. */
export function shippingComplete(o: {
  shippingType?: number | null;
  shippingReceiveName?: string | null;
  shippingReceiveMobile?: string | null;
  shippingProvinceName?: string | null;
  shippingCityName?: string | null;
  shippingDistrictName?: string | null;
  shippingAddress?: string | null;
}): boolean {
  return !!(
    o.shippingType &&
    o.shippingReceiveName &&
    o.shippingReceiveMobile &&
    o.shippingProvinceName &&
    o.shippingCityName &&
    o.shippingDistrictName &&
    o.shippingAddress
  );
}

/** A person whose photo shows the same face as another student (another ID number) on this order or another of the member's this season. */
export const faceMatchSchema = z.object({
  detailId: z.number(),
  name: z.string(),
  otherName: z.string(),
  /** The other student's order when it is another one, else null. */
  otherOrderNo: z.string().nullable(),
  distance: z.number(),
});
export type FaceMatch = z.infer<typeof faceMatchSchema>;

/** A photo the national platform refused after the order moved on, with the platform's reason. */
export const nationalRejectionSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  kind: z.enum(['individual', 'reprint', 'task']),
  detailId: z.number(),
  name: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type NationalRejection = z.infer<typeof nationalRejectionSchema>;

/** GET /api/order/photoIssues: what stops or undoes an order's photos, for the owner. */
export const photoIssuesSchema = z.object({
  sameFace: z.array(faceMatchSchema),
  nationalRejected: z.array(nationalRejectionSchema),
  /**
   * The persons whose photo review refused (or staff later sent back) while the order waits for
   * the member, each with the reason in both languages: the order page offers "replace this photo"
   * per person. A line leaves the list once its photo is replaced.
   */
  reviewRefused: z.array(reviewRefusalSchema),
});
export type PhotoIssues = z.infer<typeof photoIssuesSchema>;

export const TIMELINE_STEPS = [
  'created',
  'paid',
  'review',
  'rejected',
  'approved',
  'production',
  'shipped',
  'delivered',
  'nationalRejected',
  'refundRequested',
  'refunded',
  'refundRefused',
  'closed',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];

/** One step of an order's history (GET /api/order/timeline), oldest first. */
export const timelineEventSchema = z.object({
  step: z.enum(TIMELINE_STEPS),
  at: z.string(),
  /** Rejected: the reviewer's reason; nationalRejected: the platform's; refundRefused: the refusal. */
  reason: z.string().nullable(),
  carrier: z.string().nullable(),
  waybill: z.string().nullable(),
  /** The person a photo step is about. */
  name: z.string().nullable(),
  /** Refund steps: the amount in yuan. */
  amount: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
export const orderTimelineSchema = z.array(timelineEventSchema);

/** What the cashier sells, by order kind (the payment's subject and the pay page's product line). */
export const ORDER_PRODUCT = {
  individual: { zh: '学生图像采集（个人）', en: 'Student photo submission (individual)' },
  reprint: { zh: '照片冲印', en: 'Photo reprint' },
  task: { zh: '学生图像集中采集', en: 'Student photo submission (centralised)' },
} as const satisfies Record<'individual' | 'reprint' | 'task', { zh: string; en: string }>;
