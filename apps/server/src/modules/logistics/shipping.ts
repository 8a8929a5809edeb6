import type { DbOrTx } from '../../db/client.ts';
import { parcels, traceEvents } from '../../db/schema.ts';
import type { TrackingParty } from '../../providers/tracking.ts';
import { mayTransition, transition, type OrderActor, type TransitionDetails } from '../orders/public.ts';
import type { OrderRow } from '../orders/public.ts';
import { SHIP_EVENTS } from './trace-events.ts';
import { noticeShipped } from '../notices/public.ts';
import { waybillProblem } from '@portal/contract/waybill';
import { badRequest } from '../../http/errors.ts';

/** Refuses a waybill number that does not fit its carrier's format (the rules: contract waybill.ts). */
export function assertWaybill(carrier: string | null | undefined, waybillNo: string): void {
  const rule = waybillProblem(carrier, waybillNo);
  if (rule)
    throw badRequest('console.waybillFormat', {
      carrier: carrier || '—',
      formatZh: rule.format.zh,
      formatEn: rule.format.en,
    });
}

/**
 * Shipping and delivery belong to logistics (see ARCHITECTURE.md, "Where each rule lives"): the
 * order moves through the orders module's transition(), and logistics adds what goes with it,
 * in the same transaction: the parcel the tracking party follows (subscribed once the
 * transaction is in, `subscribeParcels`) and the trace event the member reads.
 */
export interface Shipment {
  waybillNo: string;
  /** The carrier's name when the staff gave one; else the order's own. */
  carrier?: string | null;
  auditBefore?: Record<string, unknown>;
  auditAfter?: Record<string, unknown>;
}

/** Inside the ship transition: the order's parcel, to be subscribed once the transaction is in (`subscribeParcels`). */
export async function registerParcel(
  tx: DbOrTx,
  tracking: TrackingParty,
  p: { orderId: number; waybillNo: string; carrier: string | null },
): Promise<void> {
  await tx
    .insert(parcels)
    .values({
      orderId: p.orderId,
      waybillNo: p.waybillNo,
      carrierCode: tracking.carrierCode(p.carrier),
      provider: tracking.kind,
    })
    .onConflictDoNothing();
}

/** The staff's trace event for a ship or deliver action, as carriers word it. */
async function staffTraceEvent(
  tx: DbOrTx,
  action: 'ship' | 'deliver',
  waybillNo: string,
  carrier: string | null,
  at: Date,
) {
  const ev = SHIP_EVENTS[action]!;
  await tx.insert(traceEvents).values({ waybillNo, opCode: ev.opCode, opTime: at, opDesc: ev.opDesc(carrier) });
}

/** Ships an order the caller has locked: the ship transition, its parcel and its first trace event. */
export async function shipOrder(
  tx: DbOrTx,
  tracking: TrackingParty,
  o: OrderRow,
  actor: OrderActor,
  s: Shipment,
  at = new Date(),
): Promise<void> {
  if (s.waybillNo) assertWaybill(s.carrier ?? o.shippingTypeName, s.waybillNo);
  await transition(tx, o, 'ship', actor, {
    shippingOrderNo: s.waybillNo,
    shippingTypeName: s.carrier ?? undefined,
    auditBefore: s.auditBefore,
    auditAfter: s.auditAfter,
  });
  if (!s.waybillNo) return;
  const carrier = s.carrier ?? o.shippingTypeName;
  await registerParcel(tx, tracking, { orderId: o.id, waybillNo: s.waybillNo, carrier });
  await staffTraceEvent(tx, 'ship', s.waybillNo, carrier, at);
  await noticeShipped(tx, o, s.waybillNo, carrier);
}

/** Staff confirm delivery of an order the caller has locked: the deliver transition and its trace event. */
export async function deliverOrder(
  tx: DbOrTx,
  o: OrderRow,
  actor: OrderActor,
  details: Pick<TransitionDetails, 'auditBefore' | 'auditAfter'>,
  at = new Date(),
): Promise<void> {
  await transition(tx, o, 'deliver', actor, details);
  if (o.shippingOrderNo) await staffTraceEvent(tx, 'deliver', o.shippingOrderNo, o.shippingTypeName, at);
}

/**
 * The carrier said the parcel was signed for: the deliver transition done for the carrier, only
 * from its permitted states, audited as the system (the carrier's own events are the trace).
 * The order's row is locked by the caller (`applyTrack`, in the row-lock order of "Data").
 */
export async function deliverByCarrier(tx: DbOrTx, o: OrderRow | null, waybillNo: string): Promise<boolean> {
  if (!o || !mayTransition(o, 'deliver')) return false;
  await transition(tx, o, 'deliver', { kind: 'system' }, { auditAfter: { by: 'carrier', waybillNo } });
  return true;
}
