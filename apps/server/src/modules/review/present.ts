import { and, inArray, sql } from 'drizzle-orm';
import { reviewDueDay, type ClaimAnswer, type ClaimedOrder, type ReviewPerson } from '@portal/contract/review';
import { staffMay } from '@portal/contract/staff-access';
import type { AppContext } from '../../context.ts';
import { orders, photos } from '../../db/schema.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { findOrders } from '../orders/public.ts';
import { personsOf } from '../orders/public.ts';
import { staffLinePhotoUrl } from '../orders/public.ts';
import { currentDecision, replacedPhoto } from './decisions.ts';
import { decisionsOf, openRefundOf, waitingOrder } from './repo.ts';

const reasonOf = (d: { reasonZh: string | null; reasonEn: string | null }) =>
  d.reasonZh === null ? null : { zh: d.reasonZh, en: d.reasonEn ?? d.reasonZh };

/**
 * The claimed orders as the reviewer sees them, oldest first: each person with the photo, its
 * checks and comparison (the orders module's), this round's decision and the photo it replaced.
 */
export async function claimedOrders(ctx: AppContext, staff: StaffContext, ids: number[]): Promise<ClaimedOrder[]> {
  if (!ids.length) return [];
  const where = and(inArray(orders.id, ids), waitingOrder(undefined));
  const [found, persons, decisions, refundRows] = await Promise.all([
    findOrders(ctx.db, where, 1, ids.length, true),
    personsOf(ctx, ctx.db, ids, staff),
    decisionsOf(ctx.db, ids),
    ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, ids), sql`${openRefundOf(orders.id)}`)),
  ]);
  const rows = decisions.map((r) => ({ ...r.d, staffName: r.staffName }));
  const replacedIds = new Set<number>();
  const byPerson = new Map<number, ReturnType<typeof replacedPhoto<(typeof rows)[number]>>>();
  for (const list of persons.values())
    for (const p of list) {
      const r = replacedPhoto(rows, { id: p.id, photoId: p.photo?.id ?? null });
      byPerson.set(p.id, r);
      if (r) replacedIds.add(r.photoId);
    }
  const keys = replacedIds.size
    ? await ctx.db
        .select({ id: photos.id, storageKey: photos.storageKey })
        .from(photos)
        .where(inArray(photos.id, [...replacedIds]))
    : [];
  const keyOf = new Map(keys.map((k) => [k.id, k.storageKey]));
  const mayView = staffMay(staff.role, 'photos.view');
  const refundOpen = new Set(refundRows.map((r) => r.id));
  return found.rows.map((order) => {
    const waitingSince = order.payTime ?? order.createdAt;
    const people: ReviewPerson[] = (persons.get(order.id) ?? []).map((p) => {
      const d = currentDecision(rows, { id: p.id, photoId: p.photo?.id ?? null });
      const was = byPerson.get(p.id) ?? null;
      const key = was ? keyOf.get(was.photoId) : undefined;
      return {
        ...p,
        decision: d
          ? { verdict: d.verdict, reason: reasonOf(d), staffName: d.staffName, at: d.decidedAt.toISOString() }
          : null,
        replaced: was
          ? { photoId: was.photoId, url: key && mayView ? staffLinePhotoUrl(ctx, key) : null, reason: reasonOf(was) }
          : null,
      };
    });
    return {
      order,
      persons: people,
      waitingSince,
      dueDay: reviewDueDay(waitingSince),
      refundOpen: refundOpen.has(order.id),
    };
  });
}

/** The orders held by an open refund request, for the queue's flagged list. */
export async function heldOrders(ctx: AppContext, ids: number[]): Promise<ClaimAnswer['refundHeld']> {
  if (!ids.length) return [];
  const found = await findOrders(ctx.db, inArray(orders.id, ids), 1, ids.length, true);
  return found.rows.map((order) => {
    const waitingSince = order.payTime ?? order.createdAt;
    return { order, waitingSince, dueDay: reviewDueDay(waitingSince) };
  });
}
