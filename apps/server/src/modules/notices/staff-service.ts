import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { WAITING_REVIEW_STATES } from '@portal/contract/order-states';
import type { ConsoleNoticeRow, NoticeKind } from '@portal/contract/notices';
import type { AppContext } from '../../context.ts';
import { memberMessages, noticeDeliveries, orders } from '../../db/schema.ts';
import { withTx } from '../../db/tx.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { branchScope, findOrder } from '../orders/public.ts';
import { recordAudit } from '../staff/public.ts';
import { workingDaysAfter } from './china-time.ts';

/** The promised review time: a photo is reviewed by the end of the 2nd working day after it came. */
const REVIEW_WORKING_DAYS = 2;

const row = (d: typeof noticeDeliveries.$inferSelect): ConsoleNoticeRow => ({
  id: d.id,
  kind: d.kind as NoticeKind,
  channel: d.channel,
  state: d.state,
  attempts: d.attempts,
  lastError: d.lastError,
  createdAt: d.createdAt.toISOString(),
  sentAt: d.sentAt?.toISOString() ?? null,
});

/** Every notice of an order the staff member may see: SMS and e-mail with their state, and the in-portal messages. */
export async function orderNotices(ctx: AppContext, staff: StaffContext, orderId: number): Promise<ConsoleNoticeRow[]> {
  if (!(await findOrder(ctx.db, orderId, staff))) throw notFound();
  const sent = await ctx.db
    .select()
    .from(noticeDeliveries)
    .where(eq(noticeDeliveries.orderId, orderId))
    .orderBy(asc(noticeDeliveries.id));
  const portal = await ctx.db
    .select()
    .from(memberMessages)
    .where(eq(memberMessages.orderId, orderId))
    .orderBy(asc(memberMessages.id));
  return [
    ...sent.map(row),
    ...portal.map((m) => ({
      id: m.id,
      kind: m.kind as NoticeKind,
      channel: 'portal' as const,
      state: 'sent' as const,
      attempts: 1,
      lastError: null,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.createdAt.toISOString(),
    })),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Sends a failed notice again: it is due now, with a fresh day of tries. Audited. */
export async function resendNotice(ctx: AppContext, staff: StaffContext, id: number): Promise<ConsoleNoticeRow> {
  return withTx(ctx, async (t) => {
    const [d] = await t.db.select().from(noticeDeliveries).where(eq(noticeDeliveries.id, id)).for('update');
    if (!d || (d.orderId && !(await findOrder(t.db, d.orderId, staff)))) throw notFound('notice.notFound');
    if (d.state !== 'failed') throw conflict('notice.notResendable');
    const now = new Date();
    const [after] = await t.db
      .update(noticeDeliveries)
      .set({ state: 'pending', attempts: 0, nextAttemptAt: now, leaseUntil: null, createdAt: now })
      .where(eq(noticeDeliveries.id, id))
      .returning();
    await recordAudit(
      t.db,
      { kind: 'staff', staffId: staff.staffId },
      {
        action: 'notice.resend',
        targetKind: 'notice',
        targetId: id,
        before: { state: d.state, attempts: d.attempts, lastError: d.lastError },
        after: { state: 'pending' },
      },
    );
    return row(after!);
  });
}

/** The console dashboard's notice part: orders waiting for review past the promised time, and failed notices. */
export async function noticeOverview(ctx: AppContext, staff: StaffContext, now = new Date()) {
  const since = sql`coalesce(${orders.payTime}, ${orders.createdAt})`;
  const waiting = await ctx.db
    .select({ id: orders.id, orderNo: orders.orderNo, at: sql<Date>`${since}` })
    .from(orders)
    .where(
      and(
        inArray(orders.state, [...WAITING_REVIEW_STATES]),
        lt(since, new Date(now.getTime() - 2 * 86_400_000)),
        branchScope(staff),
      ),
    )
    .orderBy(asc(since))
    .limit(200);
  const overdueReviews = waiting
    .map((w) => ({ ...w, at: new Date(w.at) }))
    .filter((w) => workingDaysAfter(w.at, REVIEW_WORKING_DAYS) <= now)
    .map((w) => ({ id: w.id, orderNo: w.orderNo, submittedAt: w.at.toISOString() }));
  const failed = await ctx.db
    .select({ d: noticeDeliveries, orderNo: orders.orderNo })
    .from(noticeDeliveries)
    .leftJoin(orders, eq(orders.id, noticeDeliveries.orderId))
    .where(and(eq(noticeDeliveries.state, 'failed'), branchScope(staff)))
    .orderBy(desc(noticeDeliveries.id))
    .limit(50);
  return {
    overdueReviews,
    failedNotices: failed.map((f) => ({ ...row(f.d), orderId: f.d.orderId, orderNo: f.orderNo })),
  };
}
