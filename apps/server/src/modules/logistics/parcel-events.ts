import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { parcels, traceEvents } from '../../db/schema.ts';
import { orderById } from '../orders/repo.ts';
import { mayTransition, transition } from '../orders/transition.ts';
import type { CarrierTrack, ParcelState } from '../../providers/tracking.ts';

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
 * when signed for, the order's deliver transition with its audit row.
 */
export async function applyTrack(db: Db, parcelId: number, track: CarrierTrack, now = new Date()): Promise<Applied> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(parcels).where(eq(parcels.id, parcelId)).for('update');
    if (!p) return { added: 0, state: null, delivered: false };
    const rows = track.events.map((e) => ({
      waybillNo: p.waybillNo,
      opCode: e.opCode,
      opTime: e.opTime,
      opDesc: e.opDesc,
    }));
    const inserted = rows.length
      ? await tx.insert(traceEvents).values(rows).onConflictDoNothing().returning({ id: traceEvents.id })
      : [];
    const newest = track.events.reduce<Date | null>((m, e) => (!m || e.opTime > m ? e.opTime : m), null);
    const lastEventAt = newest && (!p.lastEventAt || newest > p.lastEventAt) ? newest : p.lastEventAt;
    // An older answer (a query racing a push) never takes a signed parcel back to transit.
    const state = p.state === 'signed' ? 'signed' : (track.state ?? p.state);
    await tx.update(parcels).set({ state, lastEventAt, checkedAt: now }).where(eq(parcels.id, p.id));
    const delivered = state === 'signed' ? await deliverByCarrier(tx, p.orderId, p.waybillNo) : false;
    return { added: inserted.length, state, delivered };
  });
}

/** The console's deliver transition (order-states), done for the carrier: only from its permitted states, audited as the system. */
async function deliverByCarrier(tx: Tx, orderId: number, waybillNo: string): Promise<boolean> {
  const o = await orderById(tx, orderId, true);
  if (!o || !mayTransition(o, 'deliver')) return false;
  await transition(tx, o, 'deliver', { kind: 'system' }, { auditAfter: { by: 'carrier', waybillNo } });
  return true;
}
