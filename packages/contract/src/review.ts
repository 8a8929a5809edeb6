import { z } from 'zod';
import { orderRowSchema, personSchema, REJECT_REASONS } from './console.ts';

/**
 * The shared review queue (see ARCHITECTURE.md, "Review"): a reviewer who opens the queue is
 * given a batch of the oldest waiting orders, claimed for them alone for a while and renewed
 * while they work; each person's photo is decided on its own.
 */
export const REVIEW_BATCH_SIZE = 10;
export const REVIEW_LEASE_SECONDS = 600;
/** The web renews its claim this often while the queue is open (well inside the lease). */
export const REVIEW_RENEW_SECONDS = 120;
/** Promised: a paid order is reviewed by the end of the 2nd working day after payment. */
export const REVIEW_PROMISE_WORKING_DAYS = 2;

/**
 * The day (YYYY-MM-DD, Beijing) by which an order paid at `paidAt` is promised its review: the
 * 2nd working day (Monday to Friday) after the day of payment.
 */
export function reviewDueDay(paidAt: Date | string): string {
  const d = new Date(new Date(paidAt).getTime() + 8 * 3600_000);
  let left = REVIEW_PROMISE_WORKING_DAYS;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}

export const REVIEW_VERDICTS = ['approve', 'refuse', 'reset'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

/** A reason as the student reads it in either language (a typed reason is the same in both). */
export const reasonTextSchema = z.object({ zh: z.string(), en: z.string() });
export type ReasonText = z.infer<typeof reasonTextSchema>;

/** A reason given by the list's index or typed (a reason from the list wins over a typed one). */
export const reasonFields = {
  reasonIndex: z
    .number()
    .int()
    .min(0)
    .max(REJECT_REASONS.length - 1)
    .optional(),
  reasonText: z.string().trim().max(200).optional(),
};
export const needsReason = (b: { reasonIndex?: number; reasonText?: string }) =>
  b.reasonIndex !== undefined || !!b.reasonText;

/** The reason's two languages: the list's own texts, or the typed text as typed. */
export function reasonOf(b: { reasonIndex?: number; reasonText?: string }): ReasonText | null {
  if (b.reasonIndex !== undefined) {
    const r = REJECT_REASONS[b.reasonIndex];
    return { zh: r.zh, en: r.en };
  }
  return b.reasonText ? { zh: b.reasonText, en: b.reasonText } : null;
}

export const claimBody = z.object({
  size: z.number().int().min(1).max(50).default(REVIEW_BATCH_SIZE),
});

/** POST /api/console/review/decide: one person's photo, approved or refused with a reason. */
export const decideBody = z
  .object({
    orderId: z.number().int().positive(),
    personId: z.number().int().positive(),
    /** The photo the reviewer was shown (0: the person has none): a photo changed meanwhile is refused (console.photoChanged). */
    photoId: z.number().int().min(0),
    verdict: z.enum(['approve', 'refuse']),
    ...reasonFields,
  })
  .refine((b) => b.verdict === 'approve' || needsReason(b), { message: 'review.reasonRequired', path: ['reasonText'] });
export type DecideBody = z.input<typeof decideBody>;

/** POST /api/console/review/reset: an approved photo sent back to the student for a new one. */
export const resetBody = z
  .object({ orderId: z.number().int().positive(), personId: z.number().int().positive(), ...reasonFields })
  .refine(needsReason, { message: 'review.reasonRequired', path: ['reasonText'] });
export type ResetBody = z.input<typeof resetBody>;

export const personDecisionSchema = z.object({
  verdict: z.enum(REVIEW_VERDICTS),
  reason: reasonTextSchema.nullable(),
  staffName: z.string().nullable(),
  at: z.string(),
});

export const reviewPersonSchema = personSchema.extend({
  /** This round's decision on the photo shown, null while undecided. */
  decision: personDecisionSchema.nullable(),
  /** The photo this line held when it was last refused or reset: shown beside its replacement. */
  replaced: z
    .object({ photoId: z.number(), url: z.string().nullable(), reason: reasonTextSchema.nullable() })
    .nullable(),
});
export type ReviewPerson = z.infer<typeof reviewPersonSchema>;

export const claimedOrderSchema = z.object({
  order: orderRowSchema,
  persons: z.array(reviewPersonSchema),
  waitingSince: z.string(),
  /** The promised review day (YYYY-MM-DD, Beijing). */
  dueDay: z.string(),
  /** The member asked for a refund meanwhile: finance decides first, no decision here. */
  refundOpen: z.boolean(),
});
export type ClaimedOrder = z.infer<typeof claimedOrderSchema>;

export const claimAnswerSchema = z.object({
  /** When this reviewer's claims run out unless renewed (null: nothing claimed). */
  expiresAt: z.string().nullable(),
  /** Orders waiting for review in the reviewer's scope, claimed or not. */
  waiting: z.number(),
  rows: z.array(claimedOrderSchema),
  /** Waiting orders held by an open refund request (left out of the batches), oldest first. */
  refundHeld: z.array(z.object({ order: orderRowSchema, waitingSince: z.string(), dueDay: z.string() })),
});
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;

export const decideAnswerSchema = z.object({
  /** The order's state after the decision (moved once every person is decided). */
  state: z.number(),
  /** Persons of the order still undecided. */
  pending: z.number(),
});
export type DecideAnswer = z.infer<typeof decideAnswerSchema>;

/** A person's photo refused in review or sent back after approval, as the student's order page shows it. */
export const reviewRefusalSchema = z.object({
  detailId: z.number(),
  name: z.string(),
  verdict: z.enum(['refuse', 'reset']),
  reason: reasonTextSchema.nullable(),
  at: z.string(),
});
export type ReviewRefusal = z.infer<typeof reviewRefusalSchema>;
