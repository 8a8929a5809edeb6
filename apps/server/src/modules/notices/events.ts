import { asc, eq } from 'drizzle-orm';
import { fenToYuan } from '@portal/contract/prices';
import type { DbOrTx as Tx } from '../../db/client.ts';
import { nationalPhotoReports, orderDetails, orders } from '../../db/schema.ts';
import { chinaDate } from './china-time.ts';
import { enqueueNotice } from './enqueue.ts';

/**
 * The notices of the events other modules tell of, each one call inside the event's own
 * transaction (public.ts): they read what the notice names (people, order number) in it.
 */
type OrderRef = { id: number; memberId: number; orderNo: string; kind: string };

/** Schools give a student two days to replace a refused photo. */
const REPLACE_DAYS = 2;

/** The portal page of an order, as the member's links open it. */
export function orderLink(o: Pick<OrderRef, 'id' | 'kind'>): string {
  if (o.kind === 'task') return `/home/orderDetailCai?id=${o.id}`;
  if (o.kind === 'reprint') return '/home/myRollOder';
  return `/home/orderDetails?id=${o.id}&con=xiangqing`;
}

const replaceBy = (now: Date) => chinaDate(new Date(now.getTime() + REPLACE_DAYS * 86_400_000));

async function personNames(tx: Tx, orderId: number): Promise<string> {
  const rows = await tx
    .select({ name: orderDetails.name })
    .from(orderDetails)
    .where(eq(orderDetails.orderId, orderId))
    .orderBy(asc(orderDetails.id));
  return rows.map((r) => r.name).join('、');
}

/** A refused person's reason: one text, or the review's own in both languages. */
type Reason = string | { zh: string; en: string };
const zhOf = (r: Reason) => (typeof r === 'string' ? r : r.zh);
const enOf = (r: Reason) => (typeof r === 'string' ? r : r.en);

/**
 * A reviewer refused an order's photos: the people (those named with their own reasons when the
 * review decided per person, else all of the order's with the one reason) and what to do by when.
 * `reason_en` is the English of the reasons, read by the English message and e-mail.
 */
export async function noticeReviewRefused(
  tx: Tx,
  o: OrderRef,
  refused: { name: string; reason: Reason }[] | Reason,
  now = new Date(),
): Promise<void> {
  const perPerson = Array.isArray(refused) && refused.length > 0;
  const names = perPerson ? refused.map((p) => p.name).join('、') : await personNames(tx, o.id);
  const one = perPerson ? null : Array.isArray(refused) ? '' : refused;
  const reason = perPerson ? refused.map((p) => `${p.name}：${zhOf(p.reason)}`).join('；') : zhOf(one!);
  const reasonEn = perPerson ? refused.map((p) => `${p.name}: ${enOf(p.reason)}`).join('; ') : enOf(one!);
  await enqueueNotice(tx, {
    kind: 'photoRefused',
    memberId: o.memberId,
    orderId: o.id,
    eventKey: `photoRefused:${o.id}:${now.getTime()}`,
    params: {
      orderNo: o.orderNo,
      persons: names,
      reason,
      reason_en: reasonEn,
      deadline: replaceBy(now),
      link: orderLink(o),
    },
  });
}

/** The national platform turned down a photo it was sent (its report row: one person's line and photo). */
export async function noticeNationalRefused(tx: Tx, reportId: number, reason: string, now = new Date()): Promise<void> {
  const [row] = await tx
    .select({ name: orderDetails.name, photoId: nationalPhotoReports.photoId, o: orders })
    .from(nationalPhotoReports)
    .innerJoin(orderDetails, eq(orderDetails.id, nationalPhotoReports.orderDetailId))
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(eq(nationalPhotoReports.id, reportId));
  if (!row) return;
  await enqueueNotice(tx, {
    kind: 'nationalRefused',
    memberId: row.o.memberId,
    orderId: row.o.id,
    eventKey: `nationalRefused:${reportId}:${row.photoId}`,
    params: {
      orderNo: row.o.orderNo,
      persons: row.name,
      reason,
      deadline: replaceBy(now),
      link: orderLink(row.o),
    },
  });
}

/** The order left with a carrier. */
export async function noticeShipped(tx: Tx, o: OrderRef, waybillNo: string, carrier: string | null): Promise<void> {
  if (!waybillNo) return;
  await enqueueNotice(tx, {
    kind: 'shipped',
    memberId: o.memberId,
    orderId: o.id,
    eventKey: `shipped:${o.id}:${waybillNo}`,
    params: { orderNo: o.orderNo, carrier: carrier ?? '', waybillNo, link: '/home/logistics' },
  });
}

const PARCEL_KINDS = {
  signed: 'parcelSigned',
  returned: 'parcelReturned',
  refused: 'parcelReturned',
  problem: 'parcelProblem',
} as const;

/** A parcel's state changed: signed for, returned or refused, or held up (told once per state). */
export async function noticeParcelState(
  tx: Tx,
  o: OrderRef | null,
  waybillNo: string,
  before: string | null,
  after: string | null,
): Promise<void> {
  if (!o || !after || after === before || !(after in PARCEL_KINDS)) return;
  await enqueueNotice(tx, {
    kind: PARCEL_KINDS[after as keyof typeof PARCEL_KINDS],
    memberId: o.memberId,
    orderId: o.id,
    eventKey: `parcel:${after}:${o.id}:${waybillNo}`,
    params: { orderNo: o.orderNo, link: '/home/logistics' },
  });
}

/** A refund was paid, failed at the platform, or refused by finance. */
export async function noticeRefund(
  tx: Tx,
  r: { id: number; orderId: number; amountFen: number },
  outcome: 'paid' | 'failed' | 'refused',
  reason: string | null,
  now = new Date(),
): Promise<void> {
  const [o] = await tx.select().from(orders).where(eq(orders.id, r.orderId));
  if (!o) return;
  const kind = outcome === 'paid' ? 'refundPaid' : outcome === 'failed' ? 'refundFailed' : 'refundRefused';
  await enqueueNotice(tx, {
    kind,
    memberId: o.memberId,
    orderId: o.id,
    eventKey: outcome === 'paid' ? `refundPaid:${r.id}` : `${kind}:${r.id}:${now.getTime()}`,
    params: { orderNo: o.orderNo, amount: fenToYuan(r.amountFen), reason: reason ?? '', link: orderLink(o) },
  });
}
