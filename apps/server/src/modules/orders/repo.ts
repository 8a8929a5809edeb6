import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ORDER_STATE, type OrderKind } from '@portal/contract/order-states';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, consents, orderDetails, orders, payments, schools } from '../../db/schema.ts';
import { newOrderNo } from './order-no.ts';
import { transition, type OrderActor } from './transition.ts';

import type { OrderRow } from './order-row.ts';
export type { OrderRow };
export type DetailRow = typeof orderDetails.$inferSelect;

/**
 * The orders table's one repository: every delete and field write of an order is here; an
 * order begins only through createOrder and its state moves only through transition.ts. Reads that serve a member are
 * scoped by the caller's ownership check (ownership.ts).
 */
export async function orderById(db: DbOrTx, id: number, forUpdate = false): Promise<OrderRow | null> {
  const q = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** What a creator says of a new order: everything but its number, kind, state and the times its life writes. */
export type NewOrderFields = Omit<
  typeof orders.$inferInsert,
  'id' | 'orderNo' | 'kind' | 'state' | 'payTime' | 'closedAt' | 'createdAt'
>;
export type NewOrderLine = Omit<typeof orderDetails.$inferInsert, 'orderId' | 'id'>;

/**
 * The one way an order begins (see ARCHITECTURE.md, "Where each rule lives"): every creator
 * (orders, task, reprint, the demo hooks) calls it in its transaction. The order starts waiting
 * for payment under a number of its kind; the caller cannot choose another state. From here its
 * state moves only through transition() (a zero amount too: payments' `settleZeroAmount`).
 */
export async function createOrder(
  tx: DbOrTx,
  kind: OrderKind,
  fields: NewOrderFields,
  lines: NewOrderLine[],
): Promise<OrderRow> {
  const [o] = await tx
    .insert(orders)
    .values({ ...fields, kind, orderNo: newOrderNo(kind), state: ORDER_STATE.PENDING_PAYMENT })
    .returning();
  if (lines.length) await tx.insert(orderDetails).values(lines.map((l) => ({ ...l, orderId: o.id })));
  return o;
}

/** Fields of an order other than its state and the times transition.ts writes. */
export type OrderFields = Omit<Partial<typeof orders.$inferInsert>, 'id' | 'state' | 'payTime' | 'closedAt'>;

export async function updateOrderFields(db: DbOrTx, id: number, set: OrderFields): Promise<void> {
  await db.update(orders).set(set).where(eq(orders.id, id));
}

/** Writes fields only while the order is still in `state`; false when it moved meanwhile. */
export async function updateOrderFieldsIn(db: DbOrTx, id: number, state: number, set: OrderFields): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, id), eq(orders.state, state)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** A deactivated member's orders: kept for accounting, the receiver's details erased. */
export async function anonymiseOrders(db: DbOrTx, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(orders)
    .set({ anonymisedAt: new Date(), shippingReceiveName: null, shippingReceiveMobile: null, shippingAddress: null })
    .where(inArray(orders.id, ids));
}

/**
 * Removes an unpaid order the caller has locked. One that ever started a payment is closed
 * instead (its payment rows stay, so a charge that still arrives is found and refunded).
 */
export async function removeUnpaidOrder(tx: DbOrTx, o: OrderRow, actor: OrderActor): Promise<'deleted' | 'closed'> {
  const [p] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, o.id)).limit(1);
  if (p) {
    await transition(tx, o, 'closeUnpaid', actor);
    return 'closed';
  }
  await tx.delete(orderDetails).where(eq(orderDetails.orderId, o.id));
  await tx.delete(orders).where(eq(orders.id, o.id));
  return 'deleted';
}

export async function detailsOf(db: DbOrTx, orderIds: number[]): Promise<DetailRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderDetails).where(inArray(orderDetails.orderId, orderIds)).orderBy(orderDetails.id);
}

export async function detailById(db: DbOrTx, id: number): Promise<DetailRow | null> {
  const [d] = await db.select().from(orderDetails).where(eq(orderDetails.id, id)).limit(1);
  return d ?? null;
}

async function countDetails(db: DbOrTx, orderId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderDetails)
    .where(eq(orderDetails.orderId, orderId));
  return r?.n ?? 0;
}

/** Total = persons x the order's unit price (document 2, section 9), recomputed on every line change. */
export async function recomputeTotal(db: DbOrTx, order: OrderRow): Promise<void> {
  const n = await countDetails(db, order.id);
  await db
    .update(orders)
    .set({ totalFen: n * order.unitPriceFen })
    .where(eq(orders.id, order.id));
}

export async function schoolByCode(db: DbOrTx, yxdm: string) {
  const [s] = await db.select().from(schools).where(eq(schools.yxdm, yxdm)).limit(1);
  return s ?? null;
}

export async function carrierById(db: DbOrTx, id: number) {
  const [c] = await db
    .select()
    .from(carriers)
    .where(and(eq(carriers.id, id), eq(carriers.active, true)))
    .limit(1);
  return c ?? null;
}

export async function latestConsent(db: DbOrTx, memberId: number, kind: string) {
  const [c] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.memberId, memberId), eq(consents.kind, kind)))
    .orderBy(desc(consents.id))
    .limit(1);
  return c ?? null;
}

export async function addConsent(db: DbOrTx, memberId: number, kind: string, version: string) {
  const [c] = await db.insert(consents).values({ memberId, kind, version }).returning();
  return c;
}
