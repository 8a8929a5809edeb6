import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { WAITING_REVIEW_STATES } from '@portal/contract/order-states';
import { timestamps } from './columns.ts';
import { members } from './members.ts';
import { tasks } from './catalog.ts';

// The tables modules/orders owns (one schema file per owning module).

/**
 * All three order kinds share one table (kind: individual, reprint, task), so the
 * console searches one place; `type` is the API's order type (1 individual, 2 reprint).
 * Money in fen. Task order numbers begin with six zeros (document 2, section 7).
 */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderNo: text().notNull(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text({ enum: ['individual', 'reprint', 'task'] }).notNull(),
    type: integer().notNull(),
    state: integer().notNull().default(110),
    priceType: integer().notNull().default(3),
    unitPriceFen: integer().notNull().default(0),
    totalFen: integer().notNull().default(0),
    payType: integer(),
    payTime: timestamp({ withTimezone: true }),
    refuseReason: text(),
    picAllowState: integer().notNull().default(0),
    isFile: integer().notNull().default(0),
    isRefund: integer().notNull().default(1),
    taskId: integer().references(() => tasks.id),
    /** Reprint: disc (0 none, 1 burn), sheet count, the bound national student. */
    dist: integer(),
    num: integer(),
    thirdStudentId: text(),
    shippingType: integer(),
    shippingTypeName: text(),
    shippingReceiveName: text(),
    shippingReceiveMobile: text(),
    shippingProvinceName: text(),
    shippingCityName: text(),
    shippingDistrictName: text(),
    shippingAddress: text(),
    shippingOrderNo: text(),
    closedAt: timestamp({ withTimezone: true }),
    /** Set when the member deactivated: the row is kept for accounting, its people erased. */
    anonymisedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    index('orders_member_idx').on(t.memberId, t.kind, t.createdAt),
    index('orders_state_idx').on(t.state, t.updatedAt),
    index('orders_waybill_idx').on(t.shippingOrderNo),
    index('orders_receiver_mobile_idx').on(t.shippingReceiveMobile),
    // The review queue, oldest first (modules/review/repo.ts): a claim walks it and stops at the
    // few it takes, instead of sorting every waiting order of the season (bench:season-day).
    index('orders_review_queue_idx')
      .on(sql`coalesce(${t.payTime}, ${t.updatedAt})`, t.id)
      .where(sql`${t.state} in (${sql.raw(WAITING_REVIEW_STATES.join(', '))})`),
  ],
);

/** One person on an order. Locked after creation: name, id number, education, student number, xllb, school. */
export const orderDetails = pgTable(
  'order_details',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    mobile: text(),
    mail: text(),
    idType: integer().notNull().default(1),
    idNumEnc: text(),
    idNumHash: text(),
    idNumMask: text(),
    sex: integer(),
    schoolName: text(),
    yxdm: text(),
    education: integer(),
    major: text(),
    studentId: text(),
    xllb: integer(),
    schoolType: integer(),
    photoId: integer(),
    picAllowState: integer().notNull().default(1),
    num: integer(),
    dist: integer(),
    thirdStudentId: text(),
    fy: text(),
    taskId: integer(),
    signature: text(),
    bizSerialNum: text(),
    /** When the current photo was attached (centralised modify rule reads it). */
    fileTime: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('details_order_idx').on(t.orderId),
    index('details_id_hash_idx').on(t.idNumHash),
    index('details_mobile_idx').on(t.mobile),
    index('details_yxdm_idx').on(t.yxdm, t.studentId),
  ],
);
