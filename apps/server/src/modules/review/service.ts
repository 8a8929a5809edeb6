import { eq } from 'drizzle-orm';
import { ORDER_STATE, WAITING_REVIEW_STATES } from '@portal/contract/order-states';
import {
  REVIEW_LEASE_SECONDS,
  reasonOf,
  type ClaimAnswer,
  type DecideAnswer,
  type DecideBody,
  type ResetBody,
} from '@portal/contract/review';
import type { AppContext } from '../../context.ts';
import { orders } from '../../db/schema.ts';
import { withTx } from '../../db/tx.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { branchScope, findOrder } from '../orders/public.ts';
import { cohortPerson } from '../cohort/public.ts';
import type { CohortResetBody } from '@portal/contract/cohort';
import { transition as moveOrder } from '../orders/public.ts';
import { currentDecision, photoKey } from './decisions.ts';
import { claimedOrders, heldOrders } from './present.ts';
import {
  claimMore,
  decisionsOf,
  dropLease,
  extendLease,
  insertDecision,
  hasOpenRefund,
  leaseOf,
  linesOf,
  renewLeases,
  settleDecisions,
  waitingCounts,
} from './repo.ts';
import { returnToStudent } from './return-to-student.ts';

/** Lease length: the contract's, shorter only where a test or the bench lets leases run out. */
export interface LeaseOptions {
  leaseSeconds?: number;
}

/** The claim itself, in one transaction: the reviewer's live claims renewed, then topped up to `size`. */
export async function claimLeases(
  ctx: AppContext,
  staff: StaffContext,
  size: number,
  opts: LeaseOptions = {},
): Promise<number[]> {
  const seconds = opts.leaseSeconds ?? REVIEW_LEASE_SECONDS;
  const scope = branchScope(staff);
  return withTx(ctx, async (t) => {
    const mine = await renewLeases(t.db, staff.staffId, seconds, scope);
    return [...mine, ...(await claimMore(t.db, staff.staffId, size - mine.length, seconds, scope))];
  });
}

/**
 * Opens (or refreshes) the reviewer's queue: their live claims are renewed and topped up to
 * `size` with the oldest waiting orders nobody holds, in one transaction (see ARCHITECTURE.md, "Review").
 */
export async function claim(
  ctx: AppContext,
  staff: StaffContext,
  size: number,
  opts: LeaseOptions = {},
): Promise<ClaimAnswer> {
  const seconds = opts.leaseSeconds ?? REVIEW_LEASE_SECONDS;
  const scope = branchScope(staff);
  const ids = await claimLeases(ctx, staff, size, opts);
  const [rows, counts] = await Promise.all([claimedOrders(ctx, staff, ids), waitingCounts(ctx.db, scope)]);
  return {
    expiresAt: rows.length ? new Date(Date.now() + seconds * 1000).toISOString() : null,
    waiting: counts.waiting,
    rows,
    refundHeld: await heldOrders(ctx, counts.heldIds),
  };
}

/** The order under the caller's lock, within the staff's branch; 404 outside it. */
async function lockedOrder(tx: DbOrTx, staff: StaffContext, id: number) {
  if (!(await findOrder(tx, id, staff))) throw notFound();
  const [o] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return o;
}

/** A decision needs the caller's own live claim: another reviewer's is named, a lapsed one re-claimed. */
async function assertOwnLease(tx: DbOrTx, orderId: number, staff: StaffContext): Promise<void> {
  const lease = await leaseOf(tx, orderId);
  if (lease?.live && lease.staffId !== staff.staffId) throw conflict('review.claimedByOther', { name: lease.name });
  if (!lease?.live) throw conflict('review.leaseExpired');
}

/**
 * One person's photo decided. When every person of the order is decided the order moves, through
 * orders' transition(): on to production when all are approved, back to the student naming the
 * refused persons when any is refused.
 */
export async function decide(
  ctx: AppContext,
  staff: StaffContext,
  body: DecideBody,
  opts: LeaseOptions = {},
): Promise<DecideAnswer> {
  const seconds = opts.leaseSeconds ?? REVIEW_LEASE_SECONDS;
  return withTx(ctx, async (t) => {
    const tx = t.db;
    const o = await lockedOrder(tx, staff, body.orderId);
    if (!WAITING_REVIEW_STATES.includes(o.state as never)) throw conflict('review.notWaiting');
    await assertOwnLease(tx, o.id, staff);
    const lines = await linesOf(tx, o.id);
    const line = lines.find((l) => l.id === body.personId);
    if (!line) throw badRequest('review.personNotOnOrder');
    // Never decide on a photo the reviewer did not see (the student may have replaced it).
    if (photoKey(line) !== body.photoId) throw conflict('console.photoChanged');
    if (await hasOpenRefund(tx, o.id)) throw conflict('refund.blocksStaffAction');
    const reason = body.verdict === 'refuse' ? reasonOf(body) : null;
    await insertDecision(tx, {
      orderId: o.id,
      orderDetailId: line.id,
      photoId: photoKey(line),
      staffId: staff.staffId,
      verdict: body.verdict,
      reasonZh: reason?.zh ?? null,
      reasonEn: reason?.en ?? null,
    });
    const rows = (await decisionsOf(tx, [o.id])).map((r) => r.d);
    const decided = lines.map((l) => ({ line: l, d: currentDecision(rows, l) }));
    const pending = decided.filter((x) => !x.d).length;
    if (pending > 0) {
      await extendLease(tx, o.id, seconds);
      return { state: o.state, pending };
    }
    const photoIds = decided.map((x) => x.line.photoId);
    const refused = decided
      .filter((x) => x.d!.verdict === 'refuse')
      .map((x) => ({
        detailId: x.line.id,
        name: x.line.name,
        reason: { zh: x.d!.reasonZh ?? '', en: x.d!.reasonEn ?? x.d!.reasonZh ?? '' },
      }));
    const actor = { kind: 'staff', staffId: staff.staffId } as const;
    const state = refused.length
      ? await returnToStudent(tx, o, 'reject', actor, refused, { photoIds })
      : await moveOrder(tx, o, 'approve', actor, { auditBefore: { photoIds } });
    await settleDecisions(tx, o.id);
    await dropLease(tx, o.id);
    return { state, pending: 0 };
  });
}

/**
 * An approved photo sent back for a new one (a school or a reviewer, before production): the
 * order returns to the student as refused, naming the person; the student replaces the photo and
 * the order comes back to review already paid.
 */
export async function resetPhoto(ctx: AppContext, staff: StaffContext, body: ResetBody): Promise<{ state: number }> {
  return resetWith(ctx, staff, body, (tx) => lockedOrder(tx, staff, body.orderId));
}

/**
 * A school account's reset, from its cohort: the cohort says the student is the school's own
 * (another school's task is refused there); the order's branch scope does not apply to it.
 */
export async function resetSchoolPhoto(
  ctx: AppContext,
  staff: StaffContext,
  body: CohortResetBody,
): Promise<{ state: number }> {
  const { taskId, studentId, ...reason } = body;
  const person = await cohortPerson(ctx, staff, taskId, studentId);
  return resetWith(ctx, staff, { orderId: person.orderId, personId: person.detailId, ...reason }, async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, person.orderId)).for('update');
    if (!o) throw notFound();
    return o;
  });
}

async function resetWith(
  ctx: AppContext,
  staff: StaffContext,
  body: ResetBody,
  lock: (tx: DbOrTx) => Promise<typeof orders.$inferSelect>,
): Promise<{ state: number }> {
  return withTx(ctx, async (t) => {
    const tx = t.db;
    const o = await lock(tx);
    if (o.kind === 'reprint') throw conflict('review.resetReprint');
    if (o.state !== ORDER_STATE.TO_BE_MADE) throw conflict('review.resetNotApproved');
    const line = (await linesOf(tx, o.id)).find((l) => l.id === body.personId);
    if (!line || line.photoId === null) throw badRequest('review.personNotOnOrder');
    if (await hasOpenRefund(tx, o.id)) throw conflict('refund.blocksStaffAction');
    const reason = reasonOf(body)!;
    await insertDecision(tx, {
      orderId: o.id,
      orderDetailId: line.id,
      photoId: line.photoId,
      staffId: staff.staffId,
      verdict: 'reset',
      reasonZh: reason.zh,
      reasonEn: reason.en,
      settled: true,
    });
    const actor = { kind: 'staff', staffId: staff.staffId } as const;
    const state = await returnToStudent(tx, o, 'resetPhoto', actor, [{ detailId: line.id, name: line.name, reason }], {
      photoIds: [line.photoId],
    });
    return { state };
  });
}
