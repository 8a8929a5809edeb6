import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * The in-portal messages (站内信) of a member: written in the transaction of the event they tell
 * of, read at once. `eventKey` names the event, so an event told twice leaves one message.
 */
export const memberMessages = pgTable(
  'member_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    kind: text().notNull(),
    orderId: integer(),
    params: jsonb().$type<Record<string, string>>().notNull(),
    eventKey: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_messages_event_uq').on(t.eventKey),
    index('member_messages_member_idx').on(t.memberId, t.createdAt),
  ],
);

/**
 * The transactional outbox of SMS and e-mail notices: written with the event, sent afterwards by
 * the notice sender (modules/notices/sender.ts), one instance at a time per row (a lease taken by
 * an UPDATE ... FOR UPDATE SKIP LOCKED). `idemKey` (event and channel) is unique and goes to the
 * provider as its own reference, so a retry never makes a second notice.
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer().notNull(),
    orderId: integer(),
    kind: text().notNull(),
    channel: text({ enum: ['sms', 'mail'] }).notNull(),
    params: jsonb().$type<Record<string, string>>().notNull(),
    idemKey: text().notNull(),
    state: text({ enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('notice_deliveries_idem_uq').on(t.idemKey),
    index('notice_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('notice_deliveries_order_idx').on(t.orderId),
    index('notice_deliveries_member_idx').on(t.memberId, t.sentAt),
  ],
);

/** A member's choices of the optional notices, and the language the member last used (e-mail). */
export const noticePrefs = pgTable('notice_prefs', {
  memberId: integer().primaryKey(),
  taskDeadline: boolean().notNull().default(true),
  parcelSigned: boolean().notNull().default(true),
  lang: text({ enum: ['zh', 'en'] })
    .notNull()
    .default('zh'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
