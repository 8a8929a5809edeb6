import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx as Q, Tx } from '../../db/client.ts';
import { bindings, members, nationalStudents, orderDetails } from '../../db/schema.ts';
import { updateOrderFieldsIn } from '../orders/public.ts';

/** SQL of the reprint area: bindings, the national records they point at, reprint orders. */

export { HOLDING_STATES } from './binding-repo.ts';

export async function memberName(db: Q, memberId: number): Promise<string | null> {
  const [m] = await db.select({ name: members.name }).from(members).where(eq(members.id, memberId)).limit(1);
  return m?.name ?? null;
}

/** The member's latest binding (any state), or null. */
export async function latestBinding(db: Q, memberId: number) {
  const [b] = await db
    .select()
    .from(bindings)
    .where(eq(bindings.memberId, memberId))
    .orderBy(desc(bindings.id))
    .limit(1);
  return b ?? null;
}

export async function nationalStudentById(db: Q, id: number) {
  const [s] = await db.select().from(nationalStudents).where(eq(nationalStudents.id, id)).limit(1);
  return s ?? null;
}

/** Serialises bindings of one student identity inside a transaction. */
export async function lockIdentity(tx: Tx, yxdm: string, studentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`binding:${yxdm}:${studentId}`}))`);
}

export async function insertBinding(
  tx: Tx,
  v: { memberId: number; yxdm: string; studentId: string; nationalStudentId: number; provenAt: Date },
) {
  const [b] = await tx
    .insert(bindings)
    .values({ ...v, state: 1 })
    .returning();
  return b;
}

export async function setBindingState(db: Q, id: number, from: number, to: number): Promise<boolean> {
  const rows = await db
    .update(bindings)
    .set({ state: to })
    .where(and(eq(bindings.id, id), eq(bindings.state, from)))
    .returning({ id: bindings.id });
  return rows.length > 0;
}

export async function orderDetailRows(db: Q, orderId: number) {
  return db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId)).orderBy(orderDetails.id);
}

/** Changes quantity and disc while the order still waits for payment (guarded by state). */
export async function updateWashQuantity(
  tx: Tx,
  id: number,
  fromState: number,
  v: { num: number; dist: number; totalFen: number },
): Promise<boolean> {
  if (!(await updateOrderFieldsIn(tx, id, fromState, v))) return false;
  await tx.update(orderDetails).set({ num: v.num, dist: v.dist }).where(eq(orderDetails.orderId, id));
  return true;
}
