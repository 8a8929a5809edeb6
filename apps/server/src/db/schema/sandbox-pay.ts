import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * The sandbox payment party's own trades (demo mode only; providers/pay/sandbox.ts): what the real
 * platforms keep on their side, kept in the database so that every instance's cashier sees every
 * trade, and with the notification still owed to the portal, retried by whichever instance finds
 * it due (claimed with FOR UPDATE SKIP LOCKED) until acknowledged, across restarts.
 */
export const sandboxTrades = pgTable(
  'sandbox_trades',
  {
    paymentNo: text().primaryKey(),
    channel: text({ enum: ['wechat', 'alipay'] }).notNull(),
    amountFen: integer().notNull(),
    subject: text().notNull(),
    returnUrl: text().notNull(),
    state: text({ enum: ['pending', 'paid', 'failed', 'closed'] })
      .notNull()
      .default('pending'),
    tradeNo: text().notNull(),
    /** Refunds made on this trade: refund number -> amount in fen. */
    refunds: jsonb().$type<Record<string, number>>().notNull().default({}),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The notification owed to the portal (null: none), sent as it is on every attempt. */
    notifyBody: text(),
    /** When the next attempt is due (null: nothing owed, or acknowledged). */
    notifyDueAt: timestamp({ withTimezone: true }),
    notifyAttempts: integer().notNull().default(0),
    /** When the notification became owed (attempts stop a day later, as the real platforms stop). */
    notifySince: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('sandbox_trades_notify_due_idx').on(t.notifyDueAt)],
);
