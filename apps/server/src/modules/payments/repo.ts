import crypto from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import type { DbOrTx } from '../../db/client.ts';
import { members, orderDetails, orders, payments, refunds } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** Payment and refund numbers: a prefix, China time to the second, random digits (<= 32 chars). */
export function newTradeNo(prefix: 'P' | 'R'): string {
  const cst = new Date(Date.now() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${cst}${String(crypto.randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export async function lockPaymentByNo(db: DbOrTx, paymentNo: string): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.paymentNo, paymentNo)).for('update');
  return rows[0];
}

export async function findPaymentByNo(db: DbOrTx, paymentNo: string): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.paymentNo, paymentNo)).limit(1);
  return rows[0];
}

export async function countPersons(db: DbOrTx, orderId: number): Promise<number> {
  const r = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderDetails)
    .where(eq(orderDetails.orderId, orderId));
  return r[0]?.n ?? 0;
}

export async function latestPaidPayment(db: DbOrTx, orderId: number): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return rows[0];
}

/** Pending payments whose notification has not come within `olderThan`. */
export async function stalePendingPayments(db: DbOrTx, olderThan: Date, limit = 100): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.state, 'pending'), lt(payments.createdAt, olderThan)))
    .orderBy(payments.id)
    .limit(limit);
}

export async function unpaidOrdersOlderThan(db: DbOrTx, before: Date, limit = 500): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.state, ORDER_STATE.PENDING_PAYMENT), lt(orders.createdAt, before)))
    .orderBy(orders.id)
    .limit(limit);
}

/** The live (not cancelled) refund a member asked for, newest first (automatic refunds of second charges are finance's). */
export async function liveRefund(db: DbOrTx, orderId: number): Promise<RefundRow | undefined> {
  const rows = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.cancelled, false), eq(refunds.origin, 'member')))
    .orderBy(desc(refunds.id))
    .limit(1);
  return rows[0];
}

export async function findRefundByNo(db: DbOrTx, refundNo: string): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.refundNo, refundNo)).limit(1);
  return rows[0];
}

/** Refunds in progress at the platform (review passed, no result yet) for the poll. */
export async function refundsInProgress(db: DbOrTx, olderThan: Date, limit = 100) {
  return db
    .select({ r: refunds, paymentNo: payments.paymentNo, provider: payments.provider })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 3), lt(refunds.updatedAt, olderThan)))
    .orderBy(refunds.id)
    .limit(limit);
}

export async function lockRefund(db: DbOrTx, id: number): Promise<RefundRow | undefined> {
  const rows = await db.select().from(refunds).where(eq(refunds.id, id)).for('update');
  return rows[0];
}

export async function consoleRefunds(db: DbOrTx, filter: { status?: number; origin?: 'member' | 'automatic' } = {}) {
  const conds = [eq(refunds.cancelled, false)];
  if (filter.status) conds.push(eq(refunds.status, filter.status));
  if (filter.origin) conds.push(eq(refunds.origin, filter.origin));
  return db
    .select({
      r: refunds,
      orderNo: orders.orderNo,
      kind: orders.kind,
      mobile: members.mobile,
      memberName: members.name,
      paymentNo: payments.paymentNo,
      provider: payments.provider,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(members, eq(members.id, orders.memberId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(...conds))
    .orderBy(desc(refunds.id))
    .limit(500);
}
