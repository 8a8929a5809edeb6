import { and, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FaceMatch, NationalRejection, PhotoIssues } from '@portal/contract/orders';
import type { DbOrTx } from '../../db/client.ts';
import { nationalPhotoReports, orderDetails, orders, photos } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import { faceDistance } from '../photos/public.ts';
import { lineToOrder, liveOrder } from './conditions.ts';
import { reviewRefusals } from '../review/public.ts';

/**
 * Two photos of different students closer than this are the same face. Measured on the stored
 * descriptors: the same person in different framings and re-encodings stays under 0.13, while
 * among 105 pairs of different people the closest is 0.577, so face-api's usual 0.6 would
 * confuse two different students and 0.4 sits in the middle of the gap.
 */
export const SAME_FACE_THRESHOLD = 0.4;
/** "This season": the member's orders of the last year are compared with each other. */
const SEASON_DAYS = 365;

/**
 * The lines of an order whose face is another student's (a different ID number) on the same order
 * or on another of the member's open orders this season. Reprints reuse photos on file, so only
 * individual and centralised orders are compared; closed and anonymised orders are left out.
 */
export async function sameFaceMatches(db: DbOrTx, order: { id: number; memberId: number }): Promise<FaceMatch[]> {
  const since = new Date(Date.now() - SEASON_DAYS * 86_400_000);
  const rows = await db
    .select({
      detailId: orderDetails.id,
      orderId: orderDetails.orderId,
      orderNo: orders.orderNo,
      name: orderDetails.name,
      idNumHash: orderDetails.idNumHash,
      descriptor: photos.descriptor,
    })
    .from(orderDetails)
    .innerJoin(orders, lineToOrder)
    .innerJoin(photos, eq(photos.id, orderDetails.photoId))
    .where(
      and(
        eq(orders.memberId, order.memberId),
        inArray(orders.kind, ['individual', 'task']),
        isNull(orders.anonymisedAt),
        or(eq(orders.id, order.id), and(liveOrder, gte(orders.createdAt, since))),
        sql`cardinality(${photos.descriptor}) > 0`,
      ),
    )
    .orderBy(orderDetails.id);
  const mine = rows.filter((r) => r.orderId === order.id);
  const out: FaceMatch[] = [];
  for (const a of mine) {
    let best: { row: (typeof rows)[number]; d: number } | null = null;
    for (const b of rows) {
      if (b.detailId === a.detailId || (a.idNumHash && a.idNumHash === b.idNumHash)) continue;
      const d = faceDistance(a.descriptor!, b.descriptor!);
      if (d < SAME_FACE_THRESHOLD && (!best || d < best.d)) best = { row: b, d };
    }
    if (best)
      out.push({
        detailId: a.detailId,
        name: a.name,
        otherName: best.row.name,
        otherOrderNo: best.row.orderId === order.id ? null : best.row.orderNo,
        distance: Math.round(best.d * 1000) / 1000,
      });
  }
  return out;
}

/** The pay step's rule: refuse while any face on the order is another student's. */
export async function assertDistinctFaces(
  db: DbOrTx,
  order: { id: number; memberId: number; kind: string },
): Promise<void> {
  if (order.kind === 'reprint') return;
  if ((await sameFaceMatches(db, order)).length) throw conflict('order.sameFace');
}

/**
 * Photos the national platform refused, still on their line (a replaced photo is a new report),
 * for the member's orders or one of them. Reprints are never reported, so never listed.
 */
export async function nationalRejections(db: DbOrTx, memberId: number, orderId?: number): Promise<NationalRejection[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNo: orders.orderNo,
      kind: orders.kind,
      detailId: orderDetails.id,
      name: orderDetails.name,
      reason: nationalPhotoReports.reason,
      reportedAt: nationalPhotoReports.reportedAt,
      updatedAt: nationalPhotoReports.updatedAt,
    })
    .from(nationalPhotoReports)
    .innerJoin(
      orderDetails,
      and(
        eq(orderDetails.id, nationalPhotoReports.orderDetailId),
        eq(orderDetails.photoId, nationalPhotoReports.photoId),
      ),
    )
    .innerJoin(orders, lineToOrder)
    .where(
      and(
        eq(orders.memberId, memberId),
        eq(nationalPhotoReports.status, 'rejected'),
        ne(orders.kind, 'reprint'),
        isNull(orders.anonymisedAt),
        orderId ? eq(orders.id, orderId) : undefined,
      ),
    )
    .orderBy(nationalPhotoReports.id);
  return rows.map(({ reportedAt, updatedAt, ...r }) => ({ ...r, at: (reportedAt ?? updatedAt).toISOString() }));
}

export async function photoIssues(
  db: DbOrTx,
  order: { id: number; memberId: number; kind: string },
): Promise<PhotoIssues> {
  const [sameFace, nationalRejected, reviewRefused] = await Promise.all([
    order.kind === 'reprint' ? Promise.resolve([]) : sameFaceMatches(db, order),
    nationalRejections(db, order.memberId, order.id),
    reviewRefusals(db, order.id),
  ]);
  return { sameFace, nationalRejected, reviewRefused };
}
