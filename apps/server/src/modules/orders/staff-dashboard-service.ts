import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { WAITING_REVIEW_STATES } from '@portal/contract/order-states';
import type { Dashboard } from '@portal/contract/console';
import { failingItems } from '@portal/contract/check-items';
import type { AppContext } from '../../context.ts';
import { orders, payments, photoCheckFailures, refunds } from '../../db/schema.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { branchScope } from './staff-repo.ts';
import { reviewPace } from '../review/public.ts';

function startOfTodayChina(): Date {
  const now = new Date(Date.now() + 8 * 3600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 8 * 3600_000);
}

export async function dashboard(ctx: AppContext, staff: StaffContext): Promise<Dashboard> {
  const db = ctx.db;
  const scope = branchScope(staff);
  const today = startOfTodayChina();
  const byState = await db
    .select({ kind: orders.kind, state: orders.state, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(scope)
    .groupBy(orders.kind, orders.state)
    .orderBy(orders.kind, orders.state);
  const [pay] = await db
    .select({ count: sql<number>`count(*)::int`, amountFen: sql<number>`coalesce(sum(${payments.amountFen}), 0)::int` })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.state, 'paid'), gte(payments.paidAt, today), scope));
  const [ref] = await db
    .select({ count: sql<number>`count(*)::int`, amountFen: sql<number>`coalesce(sum(${refunds.amountFen}), 0)::int` })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(gte(refunds.createdAt, today), scope));
  const [backlog] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(coalesce(${orders.payTime}, ${orders.updatedAt}))`,
    })
    .from(orders)
    .where(and(inArray(orders.state, [...WAITING_REVIEW_STATES]), scope));
  // Refused uploads are never stored as photos: their check objects are kept apart (the last 2000).
  const failed = await db
    .select({ check: photoCheckFailures.checkResult })
    .from(photoCheckFailures)
    .orderBy(sql`${photoCheckFailures.id} desc`)
    .limit(2000);
  const counts = new Map<string, number>();
  for (const f of failed) for (const item of failingItems(f.check)) counts.set(item, (counts.get(item) ?? 0) + 1);
  return {
    byState,
    todayPayments: pay,
    todayRefunds: ref,
    reviewBacklog: { count: backlog.count, oldest: backlog.oldest ? new Date(backlog.oldest).toISOString() : null },
    failingItems: [...counts.entries()].map(([item, count]) => ({ item, count })).sort((a, b) => b.count - a.count),
    reviewPace: await reviewPace(db, staff.staffId),
  };
}
