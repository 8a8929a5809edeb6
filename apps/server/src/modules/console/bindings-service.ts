import { desc, eq } from 'drizzle-orm';
import type { BindingRow } from '@portal/contract/console';
import type { AppContext } from '../../context.ts';
import { bindings, members, schools } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from './audit.ts';

/** Binding states: 1 bound, 2 unbind pending, 3 unbound (approved). */
export const BINDING = { BOUND: 1, UNBIND_PENDING: 2, UNBOUND: 3 } as const;

export async function listBindings(ctx: AppContext, state: number): Promise<BindingRow[]> {
  const rows = await ctx.db
    .select({ b: bindings, mobile: members.mobile, name: members.name, schoolName: schools.name })
    .from(bindings)
    .leftJoin(members, eq(members.id, bindings.memberId))
    .leftJoin(schools, eq(schools.yxdm, bindings.yxdm))
    .where(eq(bindings.state, state))
    .orderBy(desc(bindings.updatedAt))
    .limit(500);
  return rows.map((r) => ({
    id: r.b.id,
    memberMobile: r.mobile,
    memberName: r.name,
    yxdm: r.b.yxdm,
    schoolName: r.schoolName,
    studentId: r.b.studentId,
    state: r.b.state,
    updatedAt: r.b.updatedAt.toISOString(),
  }));
}

/** Approve (-> 3, unbound) or refuse (-> 1, still bound) an unbinding request still pending. */
export async function decideBinding(ctx: AppContext, staff: StaffContext, id: number, approve: boolean): Promise<{ state: number }> {
  const to = approve ? BINDING.UNBOUND : BINDING.BOUND;
  return ctx.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bindings).where(eq(bindings.id, id)).for('update');
    if (!b) throw notFound();
    if (b.state !== BINDING.UNBIND_PENDING) throw conflict('console.bindingNotPending');
    await tx.update(bindings).set({ state: to }).where(eq(bindings.id, id));
    await writeAudit(tx, staff, { action: approve ? 'binding.approve' : 'binding.refuse', targetKind: 'binding', targetId: id, before: { state: b.state }, after: { state: to } });
    return { state: to };
  });
}
