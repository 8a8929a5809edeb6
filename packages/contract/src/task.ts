import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { nameField, PATTERNS, ruleString, studentIdField } from './validation.ts';
import {
  choiceField,
  idNumberIssue,
  orderDetailAnswerSchema,
  shippingAnswerFields,
  updateShippingSchema,
} from './orders.ts';
import { TASK_ID_TYPES } from './enums.ts';

/**
 * Centralised (task) collection: the shared payload schemas (document 2, sections 3, 5, 7).
 *
 * Decisions (documented here once):
 * - getTaskIsMosaic: data 1 = the task needs the national collection code (mosaic flag:
 *   the app-steps flow); data 0 = no code needed, go straight to the student number;
 *   code 400 (task.useMiniProgram) = the task's web deadline (endTime) has passed, the
 *   page shows the prompt to use the mini-programme; code 404 = no such task.
 * - matchStudent: 200 continue; 201 = the member already has an UNPAID order (state 110)
 *   for this task -> the list with status 1; 202 = the member already has a PAID order
 *   (any state but 110 and 150) for this task -> the list with status 2. Closed (150)
 *   orders do not count.
 * - Task orders are kind 'task' in the shared orders table with order type 3 (type 1 is
 *   the individual list, 2 the reprint list); their numbers begin with six zeros.
 * - Shipping is optional for a task order: without an address the prints go with the
 *   school's batch through the branch office (fy).
 */
export const MATCH_CODE = { CONTINUE: 200, UNPAID: 201, PAID: 202 } as const;
export const MATCH_STATUS = { UNPAID: 1, PAID: 2 } as const;
export const TASK_ORDER_TYPE = 3;
export const TASK_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

const m = (key: MessageKey) => ({ error: key });

/** Centralised form mobile: 1, then 3-9, then 9 digits (请检查手机号). */
export const taskMobileField = ruleString('mobile.required', PATTERNS.taskMobile, 'mobile.taskInvalid');
/** Centralised form mail: only an @ is needed. */
export const taskMailField = ruleString('mail.required', /@/, 'mail.invalid');
/** Collection entry number: the student number (4 to 20 letters or digits) or the ID number. */
export const collectionNumberField = ruleString(
  'studentId.required',
  PATTERNS.collectionNumber,
  'task.studentIdPattern',
);
export const featureCodeField = z
  .string(m('task.featureCodeRequired'))
  .trim()
  .min(1, m('task.featureCodeRequired'))
  .max(64, m('task.featureCodeRequired'));
export const yxdmField = z
  .string(m('task.schoolRequired'))
  .trim()
  .min(1, m('task.schoolRequired'))
  .regex(PATTERNS.yxdm, m('school.chooseFromList'));
const optionalMajor = z
  .string()
  .trim()
  .max(50, m('major.invalid'))
  .refine((v) => v === '' || PATTERNS.major.test(v), m('major.invalid'))
  .optional()
  .nullable();

export const taskMosaicQuery = z.object({ yxdm: yxdmField, signature: featureCodeField });
export const matchStudentQuery = taskMosaicQuery.extend({ studentId: collectionNumberField });
export const matchStudentData = z.object({
  /** 1: the mosaic (app collection code) flow; 0: plain. */
  flag: z.number(),
  /** The national platform's row id of the matched student; 0 when not on the platform. */
  row: z.number(),
  /** The platform's serial number (bh) of the student; '' when not matched. */
  bh: z.string(),
  yxdm: z.string(),
  studentId: z.string(),
  signature: z.string(),
  taskId: z.number(),
  status: z.number().optional(),
  /**
   * The identity proof (see proveStudentBody): 'needed' while the member has not proved being
   * the platform's student (the answer then carries no personal data), 'done' once proved,
   * 'none' when the platform has no such student (the member types every field).
   */
  proof: z.enum(['needed', 'done', 'none']),
});
export type MatchStudentData = z.infer<typeof matchStudentData>;

/** The last 4 characters of the record's ID number (digits, or X / letters). */
export const idLast4Field = ruleString('task.idLast4Required', /^[0-9A-Za-z]{4}$/, 'task.idLast4Pattern');

/**
 * POST /api/baseInfo/proveStudent: as the operator's mini-programme does, the member proves
 * being the matched student before the form opens. Failures are counted like reprint binding
 * attempts (5 a day per member and per record).
 */
export const proveStudentBody = matchStudentQuery.extend({ idLast4: idLast4Field });
export type ProveStudentBody = z.infer<typeof proveStudentBody>;

/** What the form knows from the platform (shown disabled on /home/upImg). */
export const taskPrefill = z.object({
  taskId: z.number(),
  taskName: z.object({ zh: z.string(), en: z.string() }),
  priceFen: z.number(),
  endTime: z.string(),
  fy: z.string(),
  mosaic: z.number(),
  /** The task takes only a photo taken live with the camera capture. */
  captureOnly: z.boolean().optional(),
  yxdm: z.string(),
  yxmc: z.string(),
  xm: z.string().nullable(),
  xh: z.string().nullable(),
  sfzhMasked: z.string().nullable(),
  hasSfzh: z.boolean(),
  xb: z.number().nullable(),
  xlcc: z.number().nullable(),
  xllb: z.number().nullable(),
  zy: z.string().nullable(),
  bh: z.string().nullable(),
});
export type TaskPrefill = z.infer<typeof taskPrefill>;

/**
 * The create payload with the names of section 7. The section-3 form names
 * (xm, sfzh, zjlx, xh, zy, xb, xlcc, xllb, xxlb, yxmc) are accepted too and mapped.
 */
export const SECTION3_NAMES: Record<string, string> = {
  xm: 'name',
  sfzh: 'idNum',
  zjlx: 'idType',
  xh: 'studentId',
  zy: 'major',
  xb: 'sex',
  xlcc: 'education',
  xxlb: 'schoolType',
  yxmc: 'schoolName',
};

export function mapSection3(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [from, to] of Object.entries(SECTION3_NAMES)) {
    if (from in out && !(to in out)) out[to] = out[from];
    delete out[from];
  }
  return out;
}

export const taskCreateFields = z.object({
  name: nameField,
  idType: choiceField('idType.required', TASK_ID_TYPES),
  idNum: z.string().trim().max(40).optional(),
  studentId: studentIdField,
  major: optionalMajor,
  sex: choiceField('sex.required', [0, 1]),
  education: choiceField('education.required', [1, 2, 3]),
  xllb: choiceField('task.xllbRequired', [1, 2, 3, 4, 5, 6]),
  schoolType: choiceField('schoolType.required', [1, 2, 3, 4, 5, 6]),
  schoolName: z.string().trim().max(100).optional().nullable(),
  yxdm: z
    .string(m('school.required'))
    .trim()
    .min(1, m('school.required'))
    .regex(PATTERNS.yxdm, m('school.chooseFromList')),
  mobile: taskMobileField,
  mail: taskMailField,
  picUrl: z.string(m('image.required')).trim().min(1, m('image.required')).max(500, m('image.required')),
  fy: z.string().trim().max(32).optional().nullable(),
  taskId: z.coerce.number(m('task.notFound')).int(m('task.notFound')).positive(m('task.notFound')),
  signature: featureCodeField,
  bizSerialNum: z.string().trim().max(64).optional().nullable(),
  clazz: z.string().trim().max(64).optional().nullable(),
});

export const taskCreateBody = z.preprocess(
  mapSection3,
  taskCreateFields.superRefine((v, ctx) => {
    // A masked number stands for the one the national platform holds; the server fills it in.
    if (v.idNum?.includes('*')) return;
    const issue = idNumberIssue(v.idType, v.idNum);
    if (issue) ctx.addIssue({ code: 'custom', path: ['idNum'], message: issue });
  }),
);
export type TaskCreateBody = z.infer<typeof taskCreateFields>;

export const taskUpdatePersonBody = z.object({
  /** The order detail (person) id. */
  id: z.coerce.number().int().positive(),
  mobile: taskMobileField,
  mail: taskMailField,
  picUrl: z.string(m('image.required')).trim().min(1, m('image.required')).max(500, m('image.required')),
  fy: z.string().trim().max(32).optional().nullable(),
});

/** updateShipping: the orders contract's shared shipping schema (both naming variants). */
export const taskShippingBody = updateShippingSchema;

/** One person of a task order as the pages see it (ID number masked): the order detail answer, with the file time. */
export const taskOrderDetail = orderDetailAnswerSchema
  .omit({ num: true, dist: true, thirdStudentId: true })
  .extend({ fileTime: z.string().nullable() });

/** A task order: the facts the permitted-action rules read, plus what the pages show. */
export const taskOrder = z.object({
  id: z.number(),
  orderNo: z.string(),
  kind: z.literal('task'),
  type: z.number(),
  state: z.number(),
  stateDesc: z.object({ zh: z.string(), en: z.string() }),
  ctime: z.string(),
  payType: z.number().nullable(),
  payTime: z.string().nullable(),
  payTotal: z.string(),
  unitPrice: z.string(),
  totalFen: z.number(),
  unitPriceFen: z.number(),
  picAllowState: z.number(),
  refuseReason: z.string().nullable(),
  isFile: z.number(),
  isRefund: z.number(),
  endTime: z.string().nullable(),
  fileTime: z.string().nullable(),
  taskId: z.number().nullable(),
  taskName: z.object({ zh: z.string(), en: z.string() }).nullable(),
  isShipping: z.number(),
  ...shippingAnswerFields,
});
export type TaskOrder = z.infer<typeof taskOrder>;

export const taskOrderWithDetails = z.object({
  order: taskOrder,
  orderDetails: z.array(taskOrderDetail),
  shippingInfo: z.null(),
});
export type TaskOrderWithDetails = z.infer<typeof taskOrderWithDetails>;
export type TaskOrderDetail = z.infer<typeof taskOrderDetail>;

export const taskOrderListItem = taskOrder.extend({ orderDetails: z.array(taskOrderDetail) });
export type TaskOrderListItem = z.infer<typeof taskOrderListItem>;
