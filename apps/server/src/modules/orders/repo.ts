import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { carriers, consents, orderDetails, orders, schools, tasks } from '../../db/schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type DetailRow = typeof orderDetails.$inferSelect;

/** SQL of the order calls; every read that serves a member is scoped by the caller's checks in service.ts. */
export async function orderById(db: DbOrTx, id: number, forUpdate = false): Promise<OrderRow | null> {
  const q = db.select().from(orders).where(eq(orders.id, id)).limit(1);
  const rows = forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function detailsOf(db: DbOrTx, orderIds: number[]): Promise<DetailRow[]> {
  if (!orderIds.length) return [];
  return db.select().from(orderDetails).where(inArray(orderDetails.orderId, orderIds)).orderBy(orderDetails.id);
}

export async function detailById(db: DbOrTx, id: number): Promise<DetailRow | null> {
  const [d] = await db.select().from(orderDetails).where(eq(orderDetails.id, id)).limit(1);
  return d ?? null;
}

export async function countDetails(db: DbOrTx, orderId: number): Promise<number> {
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

export async function taskEndTimes(db: DbOrTx, taskIds: number[]): Promise<Map<number, Date>> {
  const out = new Map<number, Date>();
  if (!taskIds.length) return out;
  const rows = await db.select({ id: tasks.id, endTime: tasks.endTime }).from(tasks).where(inArray(tasks.id, taskIds));
  for (const r of rows) out.set(r.id, r.endTime);
  return out;
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
