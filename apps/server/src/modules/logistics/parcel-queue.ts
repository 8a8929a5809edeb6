import { and, asc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import { STALLED_DAYS, type ParcelProblemRow } from '@portal/contract/parcels';
import type { Db } from '../../db/client.ts';
import { orders, parcels, traceEvents } from '../../db/schema.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { branchScope } from '../orders/public.ts';

const CARRIER_PROBLEMS = ['returned', 'refused', 'problem'] as const;

/**
 * The console's problem queue: parcels still shipped that the carrier returned, the receiver
 * refused, the carrier flagged, or that have not moved for STALLED_DAYS; longest waiting first.
 */
export async function parcelProblems(
  db: Db,
  staff: StaffContext,
  page: number,
  size: number,
  now = new Date(),
): Promise<{ total: number; rows: ParcelProblemRow[] }> {
  const since = sql`coalesce(${parcels.lastEventAt}, ${parcels.createdAt})`;
  const stalledBefore = new Date(now.getTime() - STALLED_DAYS * 86_400_000);
  // Without a tracking party (production may run without one) nothing is known of movement: no queue.
  const where = and(
    eq(orders.state, ORDER_STATE.SHIPPED),
    ne(parcels.provider, 'none'),
    or(inArray(parcels.state, [...CARRIER_PROBLEMS]), lt(since, stalledBefore)),
    branchScope(staff),
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(parcels)
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .where(where);
  const latest = sql<
    string | null
  >`(select ${traceEvents.opDesc} from ${traceEvents} where ${traceEvents.waybillNo} = ${parcels.waybillNo} order by ${traceEvents.opTime} desc, ${traceEvents.id} desc limit 1)`;
  const rows = await db
    .select({
      p: parcels,
      orderNo: orders.orderNo,
      carrier: orders.shippingTypeName,
      receiver: orders.shippingReceiveName,
      lastEvent: latest,
    })
    .from(parcels)
    .innerJoin(orders, eq(orders.id, parcels.orderId))
    .where(where)
    .orderBy(asc(since), asc(parcels.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    total: n,
    rows: rows.map((r) => ({
      orderId: r.p.orderId,
      orderNo: r.orderNo,
      waybillNo: r.p.waybillNo,
      carrier: r.carrier,
      receiver: r.receiver,
      problem:
        r.p.state && (CARRIER_PROBLEMS as readonly string[]).includes(r.p.state)
          ? (r.p.state as (typeof CARRIER_PROBLEMS)[number])
          : 'stalled',
      state: r.p.state,
      lastEventAt: r.p.lastEventAt?.toISOString() ?? null,
      lastEvent: r.lastEvent,
      shippedAt: r.p.createdAt.toISOString(),
      subscribeError: r.p.subscribeError,
    })),
  };
}
