import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orderDetails, orders } from './orders.ts';
import { staffUsers } from './staff.ts';

// The tables modules/review owns (one schema file per owning module).

/**
 * A reviewer's claim on an order waiting for review: one row per order, so two reviewers never
 * hold the same one. A claim whose expiry has passed is free for the next reviewer to take over.
 */
export const reviewLeases = pgTable(
  'review_leases',
  {
    orderId: integer()
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('review_leases_staff_idx').on(t.staffId, t.expiresAt)],
);

/**
 * One reviewer's decision on one person's photo: approve, refuse (in the review) or reset (an
 * approved photo sent back later). `settled` marks the decisions of a round that has moved the
 * order; the latest row of a line's current photo is its state.
 */
export const reviewDecisions = pgTable(
  'review_decisions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderDetailId: integer()
      .notNull()
      .references(() => orderDetails.id, { onDelete: 'cascade' }),
    photoId: integer().notNull(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    verdict: text({ enum: ['approve', 'refuse', 'reset'] }).notNull(),
    /** The reason as the student reads it: the list's two languages, or the typed text in both. */
    reasonZh: text(),
    reasonEn: text(),
    settled: boolean().notNull().default(false),
    decidedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_decisions_line_idx').on(t.orderDetailId, t.id),
    index('review_decisions_order_idx').on(t.orderId),
    index('review_decisions_staff_idx').on(t.staffId, t.decidedAt),
  ],
);
