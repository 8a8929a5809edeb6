import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { OutsideTxCtx } from '../../db/tx.ts';
import { orders, parcels, traceEvents } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import {
  TrackingError,
  type CarrierTrack,
  type ParcelRef,
  type TraceEvent,
  type TrackingParty,
} from '../../providers/tracking.ts';
import { findOrder } from '../orders/public.ts';
import { ORDER_STATE } from '@portal/contract/order-states';
import { writeAudit } from '../staff/public.ts';
import { applyTrack, type Applied } from './parcel-events.ts';
import { registerParcel } from './shipping.ts';

type Parcel = typeof parcels.$inferSelect;

async function refOf(db: DbOrTx, tracking: TrackingParty, p: Parcel): Promise<ParcelRef> {
  let phone: string | null = null;
  if (tracking.needsPhone(p.carrierCode)) {
    const [o] = await db.select({ m: orders.shippingReceiveMobile }).from(orders).where(eq(orders.id, p.orderId));
    phone = o?.m ?? null;
  }
  return { waybillNo: p.waybillNo, carrierCode: p.carrierCode, phone };
}

/** How long the ship action waits for its subscriptions before answering (the rest finish behind it). */
const SHIP_WAIT_MS = 3000;
/** Subscriptions asked of the party at once. */
const PARALLEL = 4;

/**
 * After shipping: asks the tracking party to follow these orders' parcels, each once. The staff
 * answer waits at most SHIP_WAIT_MS (a slow party never holds a batch of fifty for minutes);
 * a refusal or an unreachable party is kept on the parcel, the staff queue shows it and the sweep
 * tries again; shipping itself never fails for it.
 */
export async function subscribeParcels(
  ctx: OutsideTxCtx<AppContext>,
  orderIds: number[],
  log?: FastifyBaseLogger,
): Promise<void> {
  const run = subscribeDue(ctx, orderIds, log).catch((err: unknown) =>
    log?.error({ err }, 'parcel subscription failed'),
  );
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([run, new Promise<void>((r) => (timer = setTimeout(r, SHIP_WAIT_MS)))]);
  clearTimeout(timer);
}

/** Subscribes the parcels of these orders not yet subscribed with the party, a few at a time; resolves when all are done. */
export async function subscribeDue(
  ctx: OutsideTxCtx<AppContext>,
  orderIds: number[],
  log?: FastifyBaseLogger,
): Promise<void> {
  const { tracking } = ctx;
  if (tracking.kind === 'none' || !orderIds.length) return;
  const due = await ctx.db
    .select()
    .from(parcels)
    .where(and(inArray(parcels.orderId, orderIds), isNull(parcels.subscribedAt), eq(parcels.provider, tracking.kind)))
    .orderBy(asc(parcels.id));
  const one = async (p: Parcel) => {
    try {
      await tracking.subscribe(await refOf(ctx.db, tracking, p));
      await ctx.db.update(parcels).set({ subscribedAt: new Date(), subscribeError: null }).where(eq(parcels.id, p.id));
    } catch (e) {
      if (!(e instanceof TrackingError)) throw e;
      log?.warn({ orderId: p.orderId, why: e.message }, 'parcel subscription failed');
      await ctx.db
        .update(parcels)
        .set({ subscribeError: e.message.slice(0, 200) })
        .where(eq(parcels.id, p.id));
    }
  };
  for (let i = 0; i < due.length; i += PARALLEL) await Promise.all(due.slice(i, i + PARALLEL).map(one));
}

/** A verified push: applied to every parcel of that waybill registered with this party. */
export async function receiveTrack(ctx: AppContext, track: CarrierTrack, abortedWhy?: string): Promise<Applied[]> {
  const found = await ctx.db
    .select()
    .from(parcels)
    .where(and(eq(parcels.waybillNo, track.waybillNo), eq(parcels.provider, ctx.tracking.kind)));
  const out: Applied[] = [];
  for (const p of found) {
    out.push(await applyTrack(ctx.db, p.id, track));
    // The party gave up following it (e.g. no record for days, wrong carrier): staff see why.
    if (abortedWhy)
      await ctx.db
        .update(parcels)
        .set({ subscribeError: abortedWhy.slice(0, 200) })
        .where(eq(parcels.id, p.id));
  }
  return out;
}

/** One real-time query of a parcel (staff's "refresh now" and the stale sweep). */
export async function queryParcel(ctx: AppContext, p: Parcel): Promise<Applied> {
  const track = await ctx.tracking.query(await refOf(ctx.db, ctx.tracking, p));
  if (!track) {
    await ctx.db.update(parcels).set({ checkedAt: new Date() }).where(eq(parcels.id, p.id));
    return { added: 0, state: p.state, delivered: false };
  }
  return applyTrack(ctx.db, p.id, track);
}

/** Staff "refresh now": the order's parcel asked of the party at once, within the staff's branch. */
export async function refreshParcel(ctx: AppContext, staff: StaffContext, orderId: number): Promise<Applied> {
  if (ctx.tracking.kind === 'none') throw badRequest('logistics.noTracking');
  const r = await findOrder(ctx.db, orderId, staff);
  if (!r) throw notFound();
  if (!r.o.shippingOrderNo || r.o.state < ORDER_STATE.SHIPPED) throw badRequest('logistics.notShipped');
  await registerParcel(ctx.db, ctx.tracking, {
    orderId,
    waybillNo: r.o.shippingOrderNo,
    carrier: r.o.shippingTypeName,
  });
  await subscribeDue(ctx, [orderId]);
  const [p] = await ctx.db.select().from(parcels).where(eq(parcels.orderId, orderId));
  let applied: Applied;
  try {
    applied = await queryParcel(ctx, p!);
  } catch (e) {
    if (e instanceof TrackingError) throw new AppError(502, 'logistics.trackingFailed');
    throw e;
  }
  await writeAudit(ctx.db, staff, { action: 'parcel.refresh', targetKind: 'order', targetId: orderId, after: applied });
  return applied;
}

/** The trace of a waybill as stored (staff and carrier events), with the sandbox's pretend transit; never calls out. */
export async function storedTrace(ctx: AppContext, waybillNo: string, now = new Date()): Promise<TraceEvent[]> {
  const rows = await ctx.db
    .select()
    .from(traceEvents)
    .where(eq(traceEvents.waybillNo, waybillNo))
    .orderBy(asc(traceEvents.opTime), asc(traceEvents.id));
  const stored: TraceEvent[] = rows.map((r) => ({ opCode: r.opCode, opTime: r.opTime, opDesc: r.opDesc }));
  return [...stored, ...ctx.tracking.shownBeside(stored, now)].sort((a, b) => a.opTime.getTime() - b.opTime.getTime());
}
