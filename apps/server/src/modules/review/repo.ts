import { and, asc, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { REFUND_OPEN_STATUSES, WAITING_REVIEW_STATES } from '@portal/contract/order-states';
import type { ReviewVerdict } from '@portal/contract/review';
import type { DbOrTx } from '../../db/client.ts';
import { orderDetails, orders, refunds, reviewDecisions, reviewLeases, staffUsers } from '../../db/schema.ts';

export type DecisionRow = typeof reviewDecisions.$inferSelect;

/** An open refund request of the member on the order (the one rule that holds review back). */
export const openRefundOf = (orderId: SQL | typeof orders.id) =>
  sql`exists (select 1 from ${refunds} where ${refunds.orderId} = ${orderId} and ${refunds.cancelled} = false and ${refunds.origin} = 'member' and ${inArray(refunds.status, [...REFUND_OPEN_STATUSES])})`;

// Written out, not as parameters: the planner then knows the queue's index (orders_review_queue_idx) covers it.
const waiting = sql`${orders.state} in (${sql.raw(WAITING_REVIEW_STATES.join(', '))})`;
const liveLeaseOn = (orderId: typeof orders.id) =>
  sql`exists (select 1 from ${reviewLeases} where ${reviewLeases.orderId} = ${orderId} and ${reviewLeases.expiresAt} > now())`;
const leaseUntil = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;
export const waitingOrder = (scope: SQL | undefined) => and(waiting, scope);

/**
 * Renews the reviewer's live claims on orders still waiting in their scope and answers those
 * order ids; their claims on orders decided meanwhile (elsewhere in the console) are dropped.
 */
export async function renewLeases(
  tx: DbOrTx,
  staffId: number,
  seconds: number,
  scope: SQL | undefined,
): Promise<number[]> {
  const stillWaiting = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, reviewLeases.orderId), waiting, scope));
  await tx.delete(reviewLeases).where(and(eq(reviewLeases.staffId, staffId), sql`not exists ${stillWaiting}`));
  const rows = await tx
    .update(reviewLeases)
    .set({ expiresAt: leaseUntil(seconds) })
    .where(and(eq(reviewLeases.staffId, staffId), gt(reviewLeases.expiresAt, sql`now()`)))
    .returning({ orderId: reviewLeases.orderId });
  return rows.map((r) => r.orderId);
}

/** Whether the member has an open refund request on the order. */
export async function hasOpenRefund(tx: DbOrTx, orderId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), openRefundOf(orders.id)));
  return rows.length > 0;
}

/**
 * Claims up to `n` more of the oldest waiting orders nobody holds: the candidates are locked with
 * SKIP LOCKED, so two reviewers claiming at once take different orders, and the insert takes over
 * only a lease that has expired (a lease committed meanwhile by another reviewer is kept).
 */
export async function claimMore(
  tx: DbOrTx,
  staffId: number,
  n: number,
  seconds: number,
  scope: SQL | undefined,
): Promise<number[]> {
  if (n <= 0) return [];
  const cands = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(waiting, scope, sql`not ${openRefundOf(orders.id)}`, sql`not ${liveLeaseOn(orders.id)}`))
    .orderBy(sql`coalesce(${orders.payTime}, ${orders.updatedAt}) asc`, asc(orders.id))
    .limit(n)
    .for('update', { of: orders, skipLocked: true });
  if (!cands.length) return [];
  const rows = await tx
    .insert(reviewLeases)
    .values(cands.map((c) => ({ orderId: c.id, staffId, expiresAt: leaseUntil(seconds) })))
    .onConflictDoUpdate({
      target: reviewLeases.orderId,
      set: { staffId, claimedAt: sql`now()`, expiresAt: leaseUntil(seconds) },
      setWhere: lte(reviewLeases.expiresAt, sql`now()`),
    })
    .returning({ orderId: reviewLeases.orderId });
  return rows.map((r) => r.orderId);
}

/** Waiting orders in scope (claimed or not) and those held by an open refund request (oldest first). */
export async function waitingCounts(db: DbOrTx, scope: SQL | undefined) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(waitingOrder(scope));
  const held = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(waitingOrder(scope), openRefundOf(orders.id)))
    .orderBy(sql`coalesce(${orders.payTime}, ${orders.updatedAt}) asc`, asc(orders.id))
    .limit(20);
  return { waiting: n, heldIds: held.map((h) => h.id) };
}

/** The order's lease with its holder's name (null: none). */
export async function leaseOf(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({
      staffId: reviewLeases.staffId,
      live: sql<boolean>`${reviewLeases.expiresAt} > now()`,
      name: staffUsers.name,
    })
    .from(reviewLeases)
    .innerJoin(staffUsers, eq(staffUsers.id, reviewLeases.staffId))
    .where(eq(reviewLeases.orderId, orderId))
    .for('update', { of: reviewLeases });
  return row ?? null;
}

export async function extendLease(tx: DbOrTx, orderId: number, seconds: number): Promise<void> {
  await tx
    .update(reviewLeases)
    .set({ expiresAt: leaseUntil(seconds) })
    .where(eq(reviewLeases.orderId, orderId));
}

export async function dropLease(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.delete(reviewLeases).where(eq(reviewLeases.orderId, orderId));
}

/** Live leases of other reviewers among these orders, with the holder's name. */
export async function othersLeases(tx: DbOrTx, orderIds: number[], staffId: number) {
  if (!orderIds.length) return [];
  return tx
    .select({ orderId: reviewLeases.orderId, name: staffUsers.name })
    .from(reviewLeases)
    .innerJoin(staffUsers, eq(staffUsers.id, reviewLeases.staffId))
    .where(
      and(
        inArray(reviewLeases.orderId, orderIds),
        gt(reviewLeases.expiresAt, sql`now()`),
        sql`${reviewLeases.staffId} <> ${staffId}`,
      ),
    );
}

export async function insertDecision(
  tx: DbOrTx,
  row: {
    orderId: number;
    orderDetailId: number;
    photoId: number;
    staffId: number;
    verdict: ReviewVerdict;
    reasonZh: string | null;
    reasonEn: string | null;
    settled?: boolean;
  },
): Promise<void> {
  await tx.insert(reviewDecisions).values(row);
}

/** Every decision on these orders' lines, newest first, with the reviewer's name. */
export async function decisionsOf(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select({ d: reviewDecisions, staffName: staffUsers.name })
    .from(reviewDecisions)
    .leftJoin(staffUsers, eq(staffUsers.id, reviewDecisions.staffId))
    .where(inArray(reviewDecisions.orderId, orderIds))
    .orderBy(desc(reviewDecisions.id));
}

/** The round is over: the order moved, so this round's decisions are settled. */
export async function settleDecisions(tx: DbOrTx, orderId: number): Promise<void> {
  await tx
    .update(reviewDecisions)
    .set({ settled: true })
    .where(and(eq(reviewDecisions.orderId, orderId), eq(reviewDecisions.settled, false)));
}

export async function linesOf(db: DbOrTx, orderId: number) {
  return db
    .select({ id: orderDetails.id, name: orderDetails.name, photoId: orderDetails.photoId })
    .from(orderDetails)
    .where(eq(orderDetails.orderId, orderId))
    .orderBy(asc(orderDetails.id));
}

/** The reviewer's decisions (per person) since a time. */
export async function decisionsSince(db: DbOrTx, staffId: number, since: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, first: sql<string | null>`min(${reviewDecisions.decidedAt})` })
    .from(reviewDecisions)
    .where(and(eq(reviewDecisions.staffId, staffId), gt(reviewDecisions.decidedAt, since)));
  return { count: row.n, first: row.first ? new Date(row.first) : null };
}
