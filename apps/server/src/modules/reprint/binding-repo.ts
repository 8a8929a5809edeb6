import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx as Q, Tx } from '../../db/client.ts';
import { bindingDisputes, bindings } from '../../db/schema.ts';

/** States in which a binding holds its student identity (bound, unbind pending). */
export const HOLDING_STATES: number[] = [1, 2];

/** SQL of identity binding beyond the basic rows: the holder of a record, suspension, disputes. */

/** Another member's binding holding this record (bound or unbind pending), suspended or not. */
export async function holderOf(db: Q, yxdm: string, studentId: string, memberId: number) {
  const [b] = await db
    .select()
    .from(bindings)
    .where(
      and(
        eq(bindings.yxdm, yxdm),
        eq(bindings.studentId, studentId),
        ne(bindings.memberId, memberId),
        inArray(bindings.state, HOLDING_STATES),
      ),
    )
    .orderBy(desc(bindings.id))
    .limit(1);
  return b ?? null;
}

export async function openDisputeFor(db: Q, yxdm: string, studentId: string) {
  const [d] = await db
    .select()
    .from(bindingDisputes)
    .where(and(eq(bindingDisputes.yxdm, yxdm), eq(bindingDisputes.studentId, studentId), eq(bindingDisputes.state, 1)))
    .limit(1);
  return d ?? null;
}

export async function suspendBinding(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(bindings).set({ suspendedAt: at }).where(eq(bindings.id, id));
}

export async function insertDispute(tx: Tx, v: typeof bindingDisputes.$inferInsert) {
  const [d] = await tx.insert(bindingDisputes).values(v).returning();
  return d;
}

/** The member's latest binding to a national record, or null (reprint order photos). */
export async function bindingOfMemberFor(db: Q, memberId: number, nationalStudentId: number) {
  const [b] = await db
    .select()
    .from(bindings)
    .where(and(eq(bindings.memberId, memberId), eq(bindings.nationalStudentId, nationalStudentId)))
    .orderBy(desc(bindings.id))
    .limit(1);
  return b ?? null;
}

export async function bindingById(db: Q, id: number) {
  const [b] = await db.select().from(bindings).where(eq(bindings.id, id)).limit(1);
  return b ?? null;
}
