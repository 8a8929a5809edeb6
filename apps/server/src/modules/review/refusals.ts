import { eq } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import type { ReviewRefusal } from '@portal/contract/review';
import type { DbOrTx } from '../../db/client.ts';
import { orders, reviewDecisions } from '../../db/schema.ts';
import { standingRefusal } from './decisions.ts';
import { decisionsOf, linesOf } from './repo.ts';

/**
 * The persons of a rejected order whose photo review refused or staff sent back, with the reason
 * in both languages, while the line still holds that photo: what the student's order page lists
 * with a "replace this photo" button per person.
 */
/**
 * The standing refusal reason of many persons at once (a school's cohort), in both languages,
 * keyed by line: the same rule as the order page's list, one query for every order.
 */
export async function standingReasons(
  db: DbOrTx,
  lines: readonly { orderId: number; id: number; photoId: number | null }[],
): Promise<Map<number, { zh: string; en: string }>> {
  // Each line's own decisions, newest first as read: the rule looks at no other line's.
  const byLine = new Map<number, (typeof reviewDecisions.$inferSelect)[]>();
  for (const { d } of await decisionsOf(db, [...new Set(lines.map((l) => l.orderId))]))
    byLine.set(d.orderDetailId, [...(byLine.get(d.orderDetailId) ?? []), d]);
  const out = new Map<number, { zh: string; en: string }>();
  for (const line of lines) {
    const d = standingRefusal(byLine.get(line.id) ?? [], line);
    if (d && d.verdict !== 'approve' && d.reasonZh !== null)
      out.set(line.id, { zh: d.reasonZh, en: d.reasonEn ?? d.reasonZh });
  }
  return out;
}

export async function reviewRefusals(db: DbOrTx, orderId: number): Promise<ReviewRefusal[]> {
  const [o] = await db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId));
  if (o?.state !== ORDER_STATE.REJECTED) return [];
  const [lines, decisions] = await Promise.all([linesOf(db, orderId), decisionsOf(db, [orderId])]);
  const rows = decisions.map((r) => r.d);
  const out: ReviewRefusal[] = [];
  for (const line of lines) {
    const d = standingRefusal(rows, line);
    if (!d || d.verdict === 'approve') continue;
    out.push({
      detailId: line.id,
      name: line.name,
      verdict: d.verdict,
      reason: d.reasonZh === null ? null : { zh: d.reasonZh, en: d.reasonEn ?? d.reasonZh },
      at: d.decidedAt.toISOString(),
    });
  }
  return out;
}
