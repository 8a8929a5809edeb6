import type { FastifyBaseLogger } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BindingRow } from '@portal/contract/console';
import type { BindingDisputeRow, ResolveDisputeBody } from '@portal/contract/reprint';
import { maskMobile } from '@portal/contract/validation';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { bindingDisputes, bindings, members, schools } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from '../staff/public.ts';
import { closeLostBindingOrders, sendDisputeRefunds } from './dispute-orders.ts';

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
export async function decideBinding(
  ctx: AppContext,
  staff: StaffContext,
  id: number,
  approve: boolean,
): Promise<{ state: number }> {
  const to = approve ? BINDING.UNBOUND : BINDING.BOUND;
  return withTx(ctx, async ({ db: tx }) => {
    const [b] = await tx.select().from(bindings).where(eq(bindings.id, id)).for('update');
    if (!b) throw notFound();
    if (b.state !== BINDING.UNBIND_PENDING) throw conflict('console.bindingNotPending');
    await tx.update(bindings).set({ state: to }).where(eq(bindings.id, id));
    await writeAudit(tx, staff, {
      action: approve ? 'binding.approve' : 'binding.refuse',
      targetKind: 'binding',
      targetId: id,
      before: { state: b.state },
      after: { state: to },
    });
    return { state: to };
  });
}

/** Dispute states: 1 open, 2 record given to the claimant, 3 earlier binding restored. */
export const DISPUTE = { OPEN: 1, TO_CLAIMANT: 2, RESTORED: 3 } as const;

const maskName = (n: string | null) => (n ? `${n.slice(0, 1)}${'*'.repeat(Math.max(n.length - 1, 1))}` : '');
const maskMail = (m: string) => m.replace(/^(.).*(@.*)$/, '$1***$2');
const account = (m: { mobile: string | null; mail: string | null }) =>
  m.mobile ? maskMobile(m.mobile) : m.mail ? maskMail(m.mail) : '';

/** Disputes over bound records, newest first; the two members masked (staff see who, not their details). */
export async function listDisputes(ctx: AppContext, state: number): Promise<BindingDisputeRow[]> {
  const holder = alias(members, 'holder');
  const claimant = alias(members, 'claimant');
  const rows = await ctx.db
    .select({ d: bindingDisputes, b: bindings, holder, claimant, schoolName: schools.name })
    .from(bindingDisputes)
    .innerJoin(bindings, eq(bindings.id, bindingDisputes.heldBindingId))
    .innerJoin(holder, eq(holder.id, bindings.memberId))
    .innerJoin(claimant, eq(claimant.id, bindingDisputes.claimantId))
    .leftJoin(schools, eq(schools.yxdm, bindingDisputes.yxdm))
    .where(eq(bindingDisputes.state, state))
    .orderBy(desc(bindingDisputes.createdAt))
    .limit(500);
  return rows.map((r) => ({
    id: r.d.id,
    state: r.d.state,
    yxdm: r.d.yxdm,
    schoolName: r.schoolName,
    studentId: r.d.studentId,
    holder: {
      memberId: r.holder.id,
      account: account(r.holder),
      name: maskName(r.holder.name),
      boundAt: r.b.createdAt.toISOString(),
      proven: !!r.b.provenAt,
    },
    claimant: { memberId: r.claimant.id, account: account(r.claimant), name: maskName(r.claimant.name) },
    createdAt: r.d.createdAt.toISOString(),
    resolvedAt: r.d.resolvedAt?.toISOString() ?? null,
  }));
}

/**
 * Staff decide an open dispute, in one transaction, audited: give the record to the claimant
 * (the earlier binding ends, still suspended so its photo addresses stay dead; the claimant is
 * bound as proven, and the earlier binder's open reprint orders close, a paid one refunded once
 * the decision is committed) or restore the earlier binding (suspension lifted).
 */
export async function resolveDispute(
  ctx: AppContext,
  staff: StaffContext,
  id: number,
  outcome: ResolveDisputeBody['outcome'],
  log: FastifyBaseLogger,
): Promise<{ state: number }> {
  const { state, refundIds } = await withTx(ctx, async ({ db: tx }) => {
    const [d] = await tx.select().from(bindingDisputes).where(eq(bindingDisputes.id, id)).for('update');
    if (!d) throw notFound();
    if (d.state !== DISPUTE.OPEN) throw conflict('reprint.disputeNotOpen');
    const [held] = await tx.select().from(bindings).where(eq(bindings.id, d.heldBindingId)).for('update');
    const now = new Date();
    let claimantBindingId: number | null = null;
    let refundIds: number[] = [];
    if (outcome === 'claimant') {
      const [mine] = await tx
        .select()
        .from(bindings)
        .where(eq(bindings.memberId, d.claimantId))
        .orderBy(desc(bindings.id))
        .limit(1);
      if (mine && (mine.state === BINDING.BOUND || mine.state === BINDING.UNBIND_PENDING))
        throw conflict('reprint.claimantBound');
      await tx.update(bindings).set({ state: BINDING.UNBOUND }).where(eq(bindings.id, d.heldBindingId));
      const [b] = await tx
        .insert(bindings)
        .values({
          memberId: d.claimantId,
          yxdm: d.yxdm,
          studentId: d.studentId,
          nationalStudentId: d.nationalStudentId,
          state: BINDING.BOUND,
          provenAt: d.createdAt,
        })
        .returning({ id: bindings.id });
      claimantBindingId = b.id;
      // The earlier binder's open reprint orders close with the decision (a paid one refunded).
      if (held) refundIds = await closeLostBindingOrders(tx, staff, held, d.id);
    } else {
      await tx.update(bindings).set({ suspendedAt: null }).where(eq(bindings.id, d.heldBindingId));
    }
    const to = outcome === 'claimant' ? DISPUTE.TO_CLAIMANT : DISPUTE.RESTORED;
    await tx
      .update(bindingDisputes)
      .set({ state: to, resolvedBy: staff.staffId, resolvedAt: now })
      .where(eq(bindingDisputes.id, id));
    await writeAudit(tx, staff, {
      action: outcome === 'claimant' ? 'binding.dispute.toClaimant' : 'binding.dispute.restore',
      targetKind: 'binding_dispute',
      targetId: id,
      before: { state: d.state, heldBindingId: d.heldBindingId, heldState: held?.state ?? null, suspended: true },
      after: {
        state: to,
        heldState: outcome === 'claimant' ? BINDING.UNBOUND : (held?.state ?? null),
        suspended: outcome === 'claimant',
        claimantBindingId,
        closedOrderRefunds: refundIds,
      },
    });
    return { state: to, refundIds };
  });
  await sendDisputeRefunds(ctx, staff, refundIds, log);
  return { state };
}
