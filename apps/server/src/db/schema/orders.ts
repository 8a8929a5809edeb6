import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { members } from './members.ts';
import { tasks } from './catalog.ts';

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

/** Uploaded photos, apart from identity rows; bytes live in storage under an unguessable key. */
export const photos = pgTable(
  'photos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer().references(() => members.id),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    passed: boolean().notNull(),
    checkResult: jsonb().notNull(),
    descriptor: real().array(),
    source: text({ enum: ['upload', 'national', 'seed'] })
      .notNull()
      .default('upload'),
    /** A photo the machine corrected (framing, background) and the member chose: the upload as it came. */
    originalKey: text(),
    autoCorrected: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('photos_key_uq').on(t.storageKey), index('photos_member_idx').on(t.memberId)],
);

/**
 * A corrected version of a refused upload, offered to its member for a short while: the
 * corrected and the original bytes in storage, until the member accepts it (it becomes a photo)
 * or it expires (bytes and row go).
 */
export const photoCandidates = pgTable(
  'photo_candidates',
  {
    id: text().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    correctedKey: text().notNull(),
    originalKey: text().notNull(),
    /** What the machine changed, in order: roll (eyes levelled), crop (scaled and placed), background. */
    steps: jsonb().$type<string[]>().notNull(),
    background: text({ enum: ['blue', 'white', 'grey'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedPhotoId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_candidates_expiry_idx').on(t.expiresAt)],
);

/**
 * One refused upload: its check object (no bytes, no member), so the console can count which
 * items fail; a refused photo itself is never stored.
 */
export const photoCheckFailures = pgTable(
  'photo_check_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    checkResult: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_check_failures_created_idx').on(t.createdAt)],
);

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

export const traceEvents = pgTable(
  'trace_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    waybillNo: text().notNull(),
    opCode: text().notNull(),
    opTime: timestamp({ withTimezone: true }).notNull(),
    opDesc: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One row per event: a carrier's push repeats the events it sent before (logistics/parcel-events.ts).
  (t) => [
    index('trace_waybill_idx').on(t.waybillNo, t.opTime),
    uniqueIndex('trace_event_uq').on(t.waybillNo, t.opTime, t.opDesc),
  ],
);

/** Reprint identity binding: 0 or 3 not bound, 1 bound, 2 unbind pending. */
export const bindings = pgTable(
  'bindings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    yxdm: text().notNull(),
    studentId: text().notNull(),
    nationalStudentId: integer(),
    state: integer().notNull().default(1),
    /** When the member proved identity with the record's ID number (null: bound before proof was asked). */
    provenAt: timestamp({ withTimezone: true }),
    /** Set while a dispute over the record is open: the binding reads nothing until staff decide. */
    suspendedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('bindings_member_idx').on(t.memberId), index('bindings_student_idx').on(t.yxdm, t.studentId)],
);
