import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATE } from '@portal/contract/order-states';
import type { AppContext } from '../../context.ts';
import { withSessionAdvisoryLock } from '../../db/client.ts';
import { orders, parcels } from '../../db/schema.ts';
import { TrackingError } from '../../providers/tracking.ts';
import { queryParcel, subscribeDue } from './parcel-service.ts';

/** The advisory lock of the parcel sweep: one instance runs it at a time (beside payment reconciliation's 7_700_001). */
export const PARCEL_SWEEP_LOCK_KEY = 7_700_004;
/** A shipped parcel with no carrier event for this long is asked about (a push may have been lost). */
export const STALE_DAYS = 3;

export interface SweepResult {
  /** False when another instance held the lock. */
  ran: boolean;
  queried: number;
  added: number;
  delivered: number;
}

/**
 * The daily sweep: retries failed subscriptions, and queries in real time only the parcels still
 * shipped (140) whose latest event (or shipping, when none came) is older than STALE_DAYS and that
 * were not already asked within the day.
 */
export async function sweepParcels(ctx: AppContext, log: FastifyBaseLogger, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { ran: false, queried: 0, added: 0, delivered: 0 };
  if (ctx.tracking.kind === 'none') return result;
  result.ran = await withSessionAdvisoryLock(ctx, PARCEL_SWEEP_LOCK_KEY, async () => {
    const mine = and(eq(parcels.provider, ctx.tracking.kind), eq(orders.state, ORDER_STATE.SHIPPED));
    const unsubscribed = await ctx.db
      .select({ orderId: parcels.orderId })
      .from(parcels)
      .innerJoin(orders, eq(orders.id, parcels.orderId))
      .where(and(mine, isNull(parcels.subscribedAt)));
    await subscribeDue(
      ctx,
      unsubscribed.map((u) => u.orderId),
      log,
    );
    const staleBefore = new Date(now.getTime() - STALE_DAYS * 86_400_000);
    const askedBefore = new Date(now.getTime() - 20 * 3_600_000);
    const stale = await ctx.db
      .select({ p: parcels })
      .from(parcels)
      .innerJoin(orders, eq(orders.id, parcels.orderId))
      .where(
        and(
          mine,
          lt(sql`coalesce(${parcels.lastEventAt}, ${parcels.createdAt})`, staleBefore),
          or(isNull(parcels.checkedAt), lt(parcels.checkedAt, askedBefore)),
        ),
      )
      .orderBy(asc(parcels.id));
    for (const { p } of stale) {
      try {
        const a = await queryParcel(ctx, p);
        result.queried++;
        result.added += a.added;
        if (a.delivered) result.delivered++;
      } catch (e) {
        if (!(e instanceof TrackingError)) throw e;
        log.warn({ orderId: p.orderId, why: e.message }, 'parcel sweep: query failed');
      }
    }
  });
  if (result.queried) log.info(result, 'parcel sweep');
  return result;
}
