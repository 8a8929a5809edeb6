import { z } from 'zod';
import { needsReason, reasonFields, reasonTextSchema } from './review.ts';

/**
 * A school's cohort (the school account, issue "the season's staff"): each student of the national
 * list against the collection task, in one of these states, most advanced first.
 */
export const COHORT_STATES = [
  'reported',
  'approved',
  'refused',
  'inReview',
  'paid',
  'submitted',
  'notStarted',
] as const;
export type CohortState = (typeof COHORT_STATES)[number];

export const COHORT_STATE_TEXT: Record<CohortState, { zh: string; en: string }> = {
  reported: { zh: '已上报国家平台', en: 'Reported to the national platform' },
  approved: { zh: '审核通过', en: 'Approved' },
  refused: { zh: '已驳回', en: 'Refused' },
  inReview: { zh: '待审核', en: 'In review' },
  paid: { zh: '已支付', en: 'Paid' },
  submitted: { zh: '已提交待支付', en: 'Submitted, not paid' },
  notStarted: { zh: '未开始', en: 'Not started' },
};

export const cohortTaskSchema = z.object({
  id: z.number(),
  yxdm: z.string(),
  schoolName: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  featureCode: z.string(),
  endTime: z.string().nullable(),
  active: z.boolean(),
  /** Students on the national list, and how many are in each state. */
  total: z.number(),
  counts: z.record(z.enum(COHORT_STATES), z.number()),
});
export type CohortTask = z.infer<typeof cohortTaskSchema>;

export const cohortQuery = z.object({
  taskId: z.coerce.number().int().positive(),
  /** Student number or name, part of it. */
  q: z.string().trim().max(40).optional(),
  state: z.enum(COHORT_STATES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type CohortQuery = z.infer<typeof cohortQuery>;

export const cohortRowSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  /** Never in full: the masked ID number of the national record. */
  idNumMask: z.string().nullable(),
  major: z.string().nullable(),
  state: z.enum(COHORT_STATES),
  orderNo: z.string().nullable(),
  /** The person's refusal in both languages (as typed, or the list's words); an older order's reason in both fields. */
  refuseReason: reasonTextSchema.nullable(),
  updatedAt: z.string().nullable(),
  /** Approved and not yet in production: the school may send the photo back for a new one. */
  resettable: z.boolean(),
});
export type CohortRow = z.infer<typeof cohortRowSchema>;

export const cohortPageSchema = z.object({
  task: cohortTaskSchema,
  rows: z.array(cohortRowSchema),
  total: z.number(),
});
export type CohortPage = z.infer<typeof cohortPageSchema>;

/** The printable collection entry: the link students open, its QR code and the feature code. */
export const cohortEntrySchema = z.object({
  taskId: z.number(),
  schoolName: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  featureCode: z.string(),
  endTime: z.string().nullable(),
  url: z.string(),
  qrDataUrl: z.string(),
});
export type CohortEntry = z.infer<typeof cohortEntrySchema>;

/**
 * POST /api/console/cohort/reset: a school sends one student's approved photo back for a new one,
 * with a reason from the list or typed; the student is told and pays nothing again.
 */
export const cohortResetBody = z
  .object({ taskId: z.number().int().positive(), studentId: z.string().trim().min(1).max(40), ...reasonFields })
  .refine(needsReason, { message: 'review.reasonRequired', path: ['reasonText'] });
export type CohortResetBody = z.input<typeof cohortResetBody>;
