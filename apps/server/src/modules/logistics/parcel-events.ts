import { and, eq } from 'drizzle-orm';
import type { OutsideTx } from '../../db/tx.ts';
import { parcels, traceEvents } from '../../db/schema.ts';
import { orderById } from '../orders/public.ts';
import { deliverByCarrier } from './shipping.ts';
import { noticeParcelState } from '../notices/public.ts';
import type { CarrierTrack, ParcelState, TraceEvent } from '../../providers/tracking.ts';

export interface Applied {
  /** Events new to us (a repeated push adds none). */
  added: number;
  state: ParcelState | null;
  /** The order moved to delivered by this track. */
  delivered: boolean;
}

/**
 * Stores what the carrier said of one parcel, in one transaction: its new events (a push repeats
 * the earlier ones; the unique waybill + time + text index drops them), its latest state, and,
 * when signed for, the order's deliver transition with its audit row. It opens its own
 * transaction, so it takes the database outside one (`OutsideTx`).
 */
export async function applyTrack(
  db: OutsideTx,
  parcelId: number,
  track: CarrierTrack,
  now = new Date(),
): Promise<Applied> {
  return db.transaction(async (tx) => {
    // Rows are locked in the one order of ARCHITECTURE.md, "Data": the order, then its parcel
    // (a parcel's order never changes, so it is read unlocked first).
    const [seen] = await tx.select({ orderId: parcels.orderId }).from(parcels).where(eq(parcels.id, parcelId));
    if (!seen) return { added: 0, state: null, delivered: false };
    const order = await orderById(tx, seen.orderId, true);
    const [p] = await tx.select().from(parcels).where(eq(parcels.id, parcelId)).for('update');
    if (!p) return { added: 0, state: null, delivered: false };
    const row = (e: TraceEvent) => ({ waybillNo: p.waybillNo, opCode: e.opCode, opTime: e.opTime, opDesc: e.opDesc });
    const rows = track.events.filter((e) => !e.timeAsReceived).map(row);
    const inserted = rows.length
      ? await tx.insert(traceEvents).values(rows).onConflictDoNothing().returning({ id: traceEvents.id })
      : [];
    // An event whose own time was unreadable carries the time it came, new on every push: it is
    // stored once, by its text (the parcel's row is locked, so two pushes do not both add it).
    for (const e of track.events.filter((x) => x.timeAsReceived)) {
      const [known] = await tx
        .select({ id: traceEvents.id })
        .from(traceEvents)
        .where(and(eq(traceEvents.waybillNo, p.waybillNo), eq(traceEvents.opDesc, e.opDesc)))
        .limit(1);
      if (!known) inserted.push(...(await tx.insert(traceEvents).values(row(e)).returning({ id: traceEvents.id })));
    }
    const newest = track.events.reduce<Date | null>((m, e) => (!m || e.opTime > m ? e.opTime : m), null);
    const lastEventAt = newest && (!p.lastEventAt || newest > p.lastEventAt) ? newest : p.lastEventAt;
    // An older answer (a query racing a push) never takes a signed parcel back to transit.
    const state = p.state === 'signed' ? 'signed' : (track.state ?? p.state);
    await tx.update(parcels).set({ state, lastEventAt, checkedAt: now }).where(eq(parcels.id, p.id));
    const delivered = state === 'signed' ? await deliverByCarrier(tx, order, p.waybillNo) : false;
    await noticeParcelState(tx, order, p.waybillNo, p.state, state);
    return { added: inserted.length, state, delivered };
  });
}
