import { and, asc, eq, inArray, not } from 'drizzle-orm';
import { TIMELINE_STEPS, type TimelineEvent, type TimelineStep } from '@portal/contract/orders';
import { fenToYuan } from '@portal/contract/prices';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, payments, refunds, traceEvents } from '../../db/schema.ts';
import type { OrderRow } from './repo.ts';
import { nationalRejections } from './photo-issues.ts';

/** Staff transitions as the console audits them (order.<action>), and the step each one is. */
const AUDITED: Record<string, TimelineStep> = {
  'order.approve': 'approved',
  'order.reject': 'rejected',
  'order.produce': 'production',
  'order.ship': 'shipped',
  'order.deliver': 'delivered',
  'order.close': 'closed',
  'order.closeUnpaid': 'closed',
  'order.closeRefunded': 'closed',
};

const event = (
  step: TimelineStep,
  at: Date,
  extra: Partial<Omit<TimelineEvent, 'step' | 'at'>> = {},
): TimelineEvent & { t: number } => ({
  step,
  at: at.toISOString(),
  reason: null,
  carrier: null,
  waybill: null,
  name: null,
  amount: null,
  ...extra,
  t: at.getTime(),
});

/**
 * An order's history from what the database already records: the order's own times, its paid
 * payments, its refunds, the staff's audited transitions and the national platform's refusals.
 * The caller has checked the order is the member's.
 */
export async function orderTimeline(db: DbOrTx, o: OrderRow): Promise<TimelineEvent[]> {
  const [paid, refundRows, audits, rejections] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.state, 'paid')))
      .orderBy(asc(payments.id)),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, o.id), not(refunds.cancelled)))
      .orderBy(asc(refunds.id)),
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetKind, 'order'),
          eq(auditLog.targetId, String(o.id)),
          inArray(auditLog.action, Object.keys(AUDITED)),
        ),
      )
      .orderBy(asc(auditLog.id)),
    nationalRejections(db, o.memberId, o.id),
  ]);
  const out = [event('created', o.createdAt)];

  const payTimes = paid.map((p) => ({ at: p.paidAt ?? p.updatedAt, amount: fenToYuan(p.amountFen) }));
  if (!payTimes.length && o.payTime) payTimes.push({ at: o.payTime, amount: fenToYuan(o.totalFen) });
  for (const p of payTimes) {
    out.push(event('paid', p.at, { amount: p.amount }));
    // Individual and centralised orders queue for review once paid; reprints go straight to production.
    if (o.kind !== 'reprint') out.push(event('review', p.at));
  }

  const steps = new Set<TimelineStep>();
  for (const a of audits) {
    const step = AUDITED[a.action]!;
    const after = (a.after ?? {}) as { refuseReason?: string; shippingOrderNo?: string; carrier?: string | null };
    steps.add(step);
    out.push(
      event(step, a.createdAt, {
        reason: step === 'rejected' ? (after.refuseReason ?? null) : null,
        carrier: step === 'shipped' ? (after.carrier ?? o.shippingTypeName) : null,
        waybill: step === 'shipped' ? (after.shippingOrderNo ?? o.shippingOrderNo) : null,
      }),
    );
  }
  // A waybill set without an audited shipment (imported or seeded) still shows when it left.
  if (!steps.has('shipped') && o.shippingOrderNo) {
    const [first] = await db
      .select({ at: traceEvents.opTime })
      .from(traceEvents)
      .where(eq(traceEvents.waybillNo, o.shippingOrderNo))
      .orderBy(asc(traceEvents.opTime))
      .limit(1);
    if (first) out.push(event('shipped', first.at, { carrier: o.shippingTypeName, waybill: o.shippingOrderNo }));
  }
  if (!steps.has('closed') && o.closedAt) out.push(event('closed', o.closedAt));

  for (const r of rejections) out.push(event('nationalRejected', new Date(r.at), { name: r.name, reason: r.reason }));
  for (const r of refundRows) {
    out.push(event('refundRequested', r.createdAt, { amount: fenToYuan(r.amountFen) }));
    if (r.status === 4) out.push(event('refunded', r.updatedAt, { amount: fenToYuan(r.amountFen) }));
    if (r.status === 5) out.push(event('refundRefused', r.updatedAt, { reason: r.failReason }));
  }

  // Oldest first; steps at the same instant in their natural order (paid before review).
  const rank = (s: TimelineStep) => TIMELINE_STEPS.indexOf(s);
  return out.sort((a, b) => a.t - b.t || rank(a.step) - rank(b.step)).map(({ t: _t, ...e }) => e);
}
