import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';

// The tables modules/payments owns (one schema file per owning module).

export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentNo: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    provider: text({ enum: ['wechat', 'alipay', 'zero'] }).notNull(),
    payType: integer().notNull(),
    amountFen: integer().notNull(),
    state: text({ enum: ['pending', 'paid', 'failed', 'closed'] })
      .notNull()
      .default('pending'),
    providerTradeNo: text(),
    rawNotify: jsonb(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_no_uq').on(t.paymentNo),
    index('payments_order_idx').on(t.orderId),
    index('payments_state_idx').on(t.state, t.createdAt),
  ],
);

/** Refund status: 1 and 2 pending review, 3 review passed, 4 refunded, 5 refund failed. */
export const refunds = pgTable(
  'refunds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    refundNo: text().notNull(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    paymentId: integer().references(() => payments.id),
    amountFen: integer().notNull(),
    status: integer().notNull().default(1),
    reason: text(),
    /** The member's chosen reason (a key of REFUND_REASONS); free text goes in reason. */
    reasonCode: text(),
    /** 'member': asked for by the member; 'automatic': a second charge the server gives back by itself. */
    origin: text({ enum: ['member', 'automatic'] })
      .notNull()
      .default('member'),
    failReason: text(),
    cancelled: boolean().notNull().default(false),
    staffId: integer(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('refunds_no_uq').on(t.refundNo),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status),
  ],
);
