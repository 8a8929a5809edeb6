import { z } from 'zod';

/** Where a parcel stands by its carrier's latest word. */
export const parcelStates = ['transit', 'delivering', 'signed', 'returned', 'refused', 'problem'] as const;
export type ParcelStateName = (typeof parcelStates)[number];

/** Why a parcel is in the console's problem queue: the carrier said so, or nothing moved for STALLED_DAYS. */
export const parcelProblems = ['returned', 'refused', 'problem', 'stalled'] as const;
export type ParcelProblem = (typeof parcelProblems)[number];

/** A shipped parcel with no carrier event for this many days is a problem for staff. */
export const STALLED_DAYS = 5;

export const parcelProblemRowSchema = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  waybillNo: z.string(),
  carrier: z.string().nullable(),
  receiver: z.string().nullable(),
  problem: z.enum(parcelProblems),
  state: z.enum(parcelStates).nullable(),
  /** The newest event's time and text (null: nothing heard since shipping). */
  lastEventAt: z.string().nullable(),
  lastEvent: z.string().nullable(),
  shippedAt: z.string(),
  /** Why the tracking party could not be asked to follow it, when it could not. */
  subscribeError: z.string().nullable(),
});
export type ParcelProblemRow = z.infer<typeof parcelProblemRowSchema>;

export const parcelRefreshSchema = z.object({
  added: z.number(),
  state: z.enum(parcelStates).nullable(),
  delivered: z.boolean(),
});
export type ParcelRefresh = z.infer<typeof parcelRefreshSchema>;
