import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ORDER_STATE, STAFF_TRANSITIONS } from '@portal/contract/order-states';
import { REFUND_STATUS, isRefundPending } from '@portal/contract/payments';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { bindings, orders, refunds } from '../../db/schema.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { updateOrderFields } from '../orders/public.ts';
import { transition } from '../orders/public.ts';
import { recordAudit } from '../staff/public.ts';
import { latestPaidPayment, liveRefund, lockRefund, newTradeNo } from '../payments/public.ts';
import { executeRefund } from '../payments/public.ts';
import { CLOSED_BINDING_LOST } from './live-binding.ts';

/**
 * The reprint orders of a binding that lost its dispute, closed inside the decision's transaction:
 * every order the staff's close permits (unpaid, or paid and not yet in production) moves to
 * closed through `transition()`, audited as the reviewer's, with the reason the member reads on
 * the order; a paid one gets its refund row (the member's refund kind, so the order page shows its
 * progress) to be sent to the platform once the decision is committed. An order already in
 * production or shipped keeps its state; no path serves its photo any more (live-binding.ts).
 * Returns the refunds to send.
 */
export async function closeLostBindingOrders(
  tx: Tx,
  staff: StaffContext,
  held: typeof bindings.$inferSelect,
  disputeId: number,
): Promise<number[]> {
  if (!held.nationalStudentId) return [];
  const open = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.kind, 'reprint'),
        eq(orders.memberId, held.memberId),
        eq(orders.thirdStudentId, String(held.nationalStudentId)),
        inArray(orders.state, STAFF_TRANSITIONS.close.from),
      ),
    )
    .orderBy(asc(orders.id))
    .for('update');
  const toSend: number[] = [];
  for (const o of open) {
    const refundId = o.state === ORDER_STATE.PENDING_PAYMENT ? null : await refundRow(tx, staff, o.id);
    if (refundId) toSend.push(refundId);
    await updateOrderFields(tx, o.id, { refuseReason: CLOSED_BINDING_LOST });
    await transition(
      tx,
      o,
      'close',
      { kind: 'staff', staffId: staff.staffId },
      {
        auditBefore: { refuseReason: o.refuseReason },
        auditAfter: { refuseReason: CLOSED_BINDING_LOST, disputeId, refundId },
      },
    );
  }
  return toSend;
}

/** The order's refund to send: a new one for its paid charge, or the member's own still waiting or failed. */
async function refundRow(tx: Tx, staff: StaffContext, orderId: number): Promise<number | null> {
  const paid = await latestPaidPayment(tx, orderId);
  if (!paid) return null;
  const live = await liveRefund(tx, orderId);
  const existing = live && (await lockRefund(tx, live.id));
  if (existing) {
    // Already passed or refunded: that refund carries the money back.
    return isRefundPending(existing.status) || existing.status === REFUND_STATUS.FAILED ? existing.id : null;
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      refundNo: newTradeNo('R'),
      orderId,
      paymentId: paid.id,
      amountFen: paid.amountFen,
      status: REFUND_STATUS.PENDING,
      reason: '学籍归属争议：学籍已判给证明身份的学生 / record given to the student who proved identity',
      staffId: staff.staffId,
    })
    .returning({ id: refunds.id });
  await recordAudit(
    tx,
    { kind: 'staff', staffId: staff.staffId },
    {
      action: 'refund.request',
      targetKind: 'refund',
      targetId: row!.id,
      after: { orderId, amountFen: paid.amountFen, reason: 'binding.dispute.toClaimant' },
    },
  );
  return row!.id;
}

/**
 * Sends the refunds once the decision is committed, through the refund machinery (claim, the
 * platform's call, the outcome). One that fails stays failed for finance to send again.
 */
export async function sendDisputeRefunds(
  ctx: AppContext,
  staff: StaffContext,
  ids: number[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const id of ids) {
    try {
      await executeRefund(ctx, id, { kind: 'staff', staffId: staff.staffId }, log);
    } catch (err) {
      log.error({ err, refundId: id }, 'dispute refund not sent');
    }
  }
}
