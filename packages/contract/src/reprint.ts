import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { PATTERNS } from './validation.ts';
import { TASK_ID_TYPES } from './enums.ts';
import { REPRINT_MAX_QTY, REPRINT_MIN_QTY } from './prices.ts';
import {
  choiceField,
  idNumberIssue,
  orderDetailAnswerSchema,
  orderHeadFields,
  shippingAnswerFields,
  shippingInfoSchema,
} from './orders.ts';

/** Schemas of the reprint calls (document 1 section 7, document 2 sections 3 and 7). */
const msg = (key: MessageKey) => ({ error: key });

/** Binding: student number and school both required (学号或学校不能为空). */
const bindingRequired = z.string(msg('binding.required')).trim().min(1, msg('binding.required'));

/** Documents a student may prove identity with: ID card (checked with its check digit), passport, officer card, Taiwan pass. */
export const BIND_ID_TYPES = TASK_ID_TYPES;

/**
 * POST /api/binding/binding. Identity is proven with the document number on the national
 * record (never the account name, which the member sets freely): an 18-digit mainland ID
 * number with its check digit for idType 1, the document number for the others.
 */
export const bindingBody = z
  .object({
    studentId: bindingRequired.max(18, msg('studentId.invalid')).regex(PATTERNS.studentId, msg('studentId.invalid')),
    yxdm: bindingRequired.max(20, msg('binding.required')),
    idType: choiceField('idType.required', BIND_ID_TYPES),
    idNum: z.string().trim().max(40, msg('idNum.invalid')).optional(),
  })
  .superRefine((v, c) => {
    const issue = idNumberIssue(v.idType, v.idNum);
    if (issue) c.addIssue({ code: 'custom', path: ['idNum'], message: issue });
  });
export type BindingBody = z.infer<typeof bindingBody>;

/** Disc: 0 none, 1 burn. */
export const distField = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]));
export const quantityField = z.coerce
  .number(msg('reprint.quantity'))
  .int(msg('reprint.quantity'))
  .min(REPRINT_MIN_QTY, msg('reprint.quantity'))
  .max(REPRINT_MAX_QTY, msg('reprint.quantity'));
export const thirdStudentIdField = z.coerce
  .string(msg('reprint.rowRequired'))
  .trim()
  .min(1, msg('reprint.rowRequired'));

export const createWashOrderBody = z.object({
  dist: distField,
  num: quantityField,
  thirdStudentId: thirdStudentIdField,
});
export type CreateWashOrderBody = z.infer<typeof createWashOrderBody>;
export const modifyWashOrderBody = createWashOrderBody.extend({ id: z.coerce.number().int().positive() });
export type ModifyWashOrderBody = z.infer<typeof modifyWashOrderBody>;

export const bindStatusSchema = z.number().int().min(0).max(3);

/** One photo on file of the bound student (findWashStudentInfo). */
export const washStudentRow = z.object({
  /** The national record's id: the thirdStudentId of a reprint order. */
  id: z.string(),
  picUrl: z.string().nullable(),
  /** Education level: 1 postgraduate, 2 undergraduate, 3 junior college. */
  xlcc: z.number(),
  photo_num: z.number(),
  bindingState: z.number(),
  schoolName: z.string(),
  yxdm: z.string(),
  studentId: z.string(),
  studentInfo: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type WashStudentRow = z.infer<typeof washStudentRow>;

export const washOrderSchema = z.object({
  ...orderHeadFields,
  totalFen: z.number(),
  dist: z.number(),
  num: z.number(),
  thirdStudentId: z.string(),
  ...shippingAnswerFields,
  /** Permitted actions, from order-states.ts. */
  canEditQuantity: z.boolean(),
  canEditShipping: z.boolean(),
  canPay: z.boolean(),
  canRefund: z.boolean(),
  canModify: z.boolean(),
  /**
   * Why the order is held or was closed, in the caller's language: the binding suspended by a
   * dispute, or the record given to another student (null otherwise).
   */
  notice: z.string().nullable(),
});
export type WashOrder = z.infer<typeof washOrderSchema>;

/** A reprint line: the order line's fields the reprint pages show, its quantities always set. */
export const washOrderDetailSchema = orderDetailAnswerSchema
  .pick({
    id: true,
    orderId: true,
    name: true,
    schoolName: true,
    yxdm: true,
    education: true,
    studentId: true,
    picUrl: true,
  })
  .extend({ num: z.number(), dist: z.number(), thirdStudentId: z.string() });
export type WashOrderDetail = z.infer<typeof washOrderDetailSchema>;

/** The same shipping block as every order answer. */
export const washShippingInfoSchema = shippingInfoSchema;

export const washOrderAndDetailsSchema = z.object({
  order: washOrderSchema,
  orderDetails: z.array(washOrderDetailSchema),
  shippingInfo: washShippingInfoSchema,
});
export type WashOrderAndDetails = z.infer<typeof washOrderAndDetailsSchema>;

/** A member as staff see them in a dispute: masked account, masked name. */
export const disputeMemberSchema = z.object({
  memberId: z.number(),
  account: z.string(),
  name: z.string(),
});

/** One dispute over a bound record (console, binding disputes queue). */
export const bindingDisputeRow = z.object({
  id: z.number(),
  /** 1 open, 2 given to the claimant, 3 holder restored. */
  state: z.number(),
  yxdm: z.string(),
  schoolName: z.string().nullable(),
  studentId: z.string(),
  holder: disputeMemberSchema.extend({ boundAt: z.string(), proven: z.boolean() }),
  claimant: disputeMemberSchema,
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type BindingDisputeRow = z.infer<typeof bindingDisputeRow>;

/** Staff decision: give the record to the claimant who proved identity, or restore the earlier binding. */
export const resolveDisputeBody = z.object({ outcome: z.enum(['claimant', 'holder']) });
export type ResolveDisputeBody = z.infer<typeof resolveDisputeBody>;
