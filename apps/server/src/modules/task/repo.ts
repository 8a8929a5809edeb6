import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { canDelete } from '@portal/contract/order-states';
import type { Db, Tx } from '../../db/client.ts';
import { carriers, orderDetails, orders, payments, photos, schools, tasks } from '../../db/schema.ts';
import { orderById as anyOrderById, removeUnpaidOrder } from '../orders/public.ts';
import { factsOf } from '../orders/public.ts';
import type { OrderActor } from '../orders/public.ts';
import { liveOrder } from '../orders/public.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type DetailRow = typeof orderDetails.$inferSelect & { storageKey: string | null };

/**
 * The active tasks of a school and feature code (the code compares case-insensitively). The
 * partial unique index tasks_open_school_code_uq allows one; two are read so that a second,
 * should one ever exist, is seen rather than chosen between silently.
 */
export async function findTasks(db: Db, yxdm: string, featureCode: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.yxdm, yxdm),
        eq(sql`upper(${tasks.featureCode})`, featureCode.trim().toUpperCase()),
        eq(tasks.active, true),
      ),
    )
    .orderBy(tasks.id)
    .limit(2);
}

export async function taskById(db: Db | Tx, id: number): Promise<TaskRow | null> {
  const [t] = await db.select().from(tasks).where(eq(tasks.id, id)).limit(1);
  return t ?? null;
}

export async function tasksByIds(db: Db, ids: number[]): Promise<Map<number, TaskRow>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(tasks).where(inArray(tasks.id, ids));
  return new Map(rows.map((t) => [t.id, t]));
}

export async function schoolName(db: Db, yxdm: string): Promise<string | null> {
  const [s] = await db.select({ name: schools.name }).from(schools).where(eq(schools.yxdm, yxdm)).limit(1);
  return s?.name ?? null;
}

/** The member's task orders for one task (closed ones excluded). */
export async function memberOrderStates(db: Db, memberId: number, taskId: number): Promise<number[]> {
  const rows = await db
    .select({ state: orders.state })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.kind, 'task'), eq(orders.taskId, taskId), liveOrder));
  return rows.map((r) => r.state);
}

export async function orderById(db: Db | Tx, id: number, forUpdate = false): Promise<OrderRow | null> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.kind, 'task')))
    .limit(1);
  const [o] = forUpdate ? await q.for('update') : await q;
  return o ?? null;
}

export async function detailsOf(db: Db | Tx, orderIds: number[]): Promise<DetailRow[]> {
  if (!orderIds.length) return [];
  const rows = await db
    .select({ d: orderDetails, storageKey: photos.storageKey })
    .from(orderDetails)
    .leftJoin(photos, eq(photos.id, orderDetails.photoId))
    .where(inArray(orderDetails.orderId, orderIds))
    .orderBy(orderDetails.id);
  return rows.map((r) => ({ ...r.d, storageKey: r.storageKey }));
}

export async function detailById(db: Db, id: number) {
  const [d] = await db.select().from(orderDetails).where(eq(orderDetails.id, id)).limit(1);
  return d ?? null;
}

export async function memberTaskOrders(db: Db, memberId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.kind, 'task')))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function updateDetail(db: Db | Tx, id: number, set: Partial<typeof orderDetails.$inferInsert>) {
  await db.update(orderDetails).set(set).where(eq(orderDetails.id, id));
}

export async function carrierName(db: Db, id: number): Promise<string | null> {
  const [c] = await db
    .select({ name: carriers.nameZh })
    .from(carriers)
    .where(and(eq(carriers.id, id), eq(carriers.active, true)))
    .limit(1);
  return c?.name ?? null;
}

/**
 * Deletes an unpaid order that never had a payment (the orders module's rule). An order with
 * any payment row is closed (150) instead, its open payments marked closed and its payment
 * rows kept, never deleted: a charge that still arrives for it is then refunded automatically
 * with a record. False when the order is no longer unpaid.
 */
export async function deleteUnpaidOrder(db: Db, id: number, actor: OrderActor): Promise<'deleted' | 'closed' | false> {
  return db.transaction(async (tx) => {
    const o = await anyOrderById(tx, id, true);
    if (!o || !canDelete(factsOf(o))) return false;
    const done = await removeUnpaidOrder(tx, o, actor);
    if (done === 'closed')
      await tx
        .update(payments)
        .set({ state: 'closed' })
        .where(and(eq(payments.orderId, id), eq(payments.state, 'pending')));
    return done;
  });
}

export async function updateTask(db: Db, id: number, set: Partial<typeof tasks.$inferInsert>) {
  await db.update(tasks).set(set).where(eq(tasks.id, id));
}
