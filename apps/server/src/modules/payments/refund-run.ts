import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { isRefundPending, REFUND_STATUS } from '@portal/contract/payments';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import type { OutsideTxCtx } from '../../db/tx.ts';
import type { DbOrTx } from '../../db/client.ts';
import { payments, refunds } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { RefundResult, RefundState } from '../../providers/pay/types.ts';
import { refundOutcomes } from '../../lib/metrics.ts';
import { lockRefund } from './repo.ts';
import { recordAudit } from '../staff/public.ts';
import { noticeRefund } from '../notices/public.ts';
import { orderById } from '../orders/public.ts';
import { mayTransition, transition, type OrderActor } from '../orders/public.ts';

export interface RefundActor {
  kind: 'staff' | 'system';
  staffId?: number;
  ip?: string | null;
}

const orderActor = (a: RefundActor): OrderActor =>
  a.kind === 'staff' && a.staffId ? { kind: 'staff', staffId: a.staffId, ip: a.ip } : { kind: 'system' };

/**
 * Records where a refund stands, under its row lock; safe to call twice (a notification
 * racing a poll): 'success' moves it to refunded (4) once and closes a member-requested
 * order (150) only then, when the money is back; 'failed' moves an in-progress refund to
 * refund failed (5) with the reason; 'processing' and 'unknown' change nothing.
 */
export async function recordRefundOutcome(
  db: DbOrTx,
  refundId: number,
  outcome: RefundState,
  source: string,
  actor: RefundActor = { kind: 'system' },
): Promise<boolean> {
  if (outcome.state === 'processing' || outcome.state === 'unknown') return false;
  const moved = await db.transaction(async (tx) => {
    // Rows are locked in the one order of ARCHITECTURE.md, "Data": the order, then its refund
    // (a refund's order never changes, so it is read unlocked first).
    const [seen] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
    if (!seen) return false;
    const o = await orderById(tx, seen.orderId, true);
    const r = await lockRefund(tx, refundId);
    if (!r || r.status !== REFUND_STATUS.PASSED) return false;
    const status = outcome.state === 'success' ? REFUND_STATUS.REFUNDED : REFUND_STATUS.FAILED;
    const failReason = outcome.state === 'failed' ? outcome.reason.slice(0, 500) : null;
    await tx.update(refunds).set({ status, failReason }).where(eq(refunds.id, r.id));
    await noticeRefund(tx, r, status === REFUND_STATUS.REFUNDED ? 'paid' : 'failed', failReason);
    // An automatic refund gives back a second charge: the order keeps the charge that paid it.
    if (status === REFUND_STATUS.REFUNDED && r.origin === 'member' && o && mayTransition(o, 'closeRefunded'))
      await transition(tx, o, 'closeRefunded', orderActor(actor), { auditAfter: { refundId: r.id } });
    await recordAudit(tx, orderActor(actor), {
      action: status === REFUND_STATUS.REFUNDED ? 'refund.refunded' : 'refund.failed',
      targetKind: 'refund',
      targetId: r.id,
      before: { status: r.status },
      after: { status, reason: failReason, source },
      ip: actor.ip ?? null,
    });
    return true;
  });
  if (moved) refundOutcomes.inc({ outcome: outcome.state === 'success' ? 'refunded' : 'failed' });
  return moved;
}

/**
 * Claims a refund and asks the platform once: under the row lock a refund pending review
 * (1, 2) or failed (5) moves to review passed (3); any other state is refused, so parallel
 * approvals make one provider call. The answer is then recorded; PROCESSING stays at 3.
 */
export async function executeRefund(
  ctx: OutsideTxCtx<AppContext>,
  refundId: number,
  actor: RefundActor,
  log: FastifyBaseLogger,
): Promise<void> {
  const passed = await withTx(ctx, async ({ db: tx }) => {
    const r = await lockRefund(tx, refundId);
    if (!r || r.cancelled) throw notFound('refund.notFound');
    if (!(isRefundPending(r.status) || r.status === REFUND_STATUS.FAILED)) throw conflict('refund.notApprovable');
    const [row] = await tx
      .update(refunds)
      .set({ status: REFUND_STATUS.PASSED, staffId: actor.staffId ?? r.staffId, failReason: null })
      .where(eq(refunds.id, r.id))
      .returning();
    await recordAudit(tx, orderActor(actor), {
      action: 'refund.approve',
      targetKind: 'refund',
      targetId: r.id,
      before: { status: r.status },
      after: { status: REFUND_STATUS.PASSED },
      ip: actor.ip ?? null,
    });
    return row;
  });
  const payment = passed.paymentId
    ? (await ctx.db.select().from(payments).where(eq(payments.id, passed.paymentId)).limit(1))[0]
    : undefined;
  let result: RefundResult;
  if (!payment) result = { ok: false, reason: 'NO_PAYMENT: no paid payment on record' };
  else if (payment.provider === 'zero' || passed.amountFen === 0) result = { ok: true, done: true };
  else {
    const provider = ctx.pay[payment.provider];
    const base = ctx.config.publicUrl?.replace(/\/+$/, '');
    result = provider
      ? await provider.refund({
          paymentNo: payment.paymentNo,
          refundNo: passed.refundNo,
          amountFen: passed.amountFen,
          totalFen: payment.amountFen,
          reason: passed.origin === 'automatic' ? '重复支付自动退款' : '用户申请退款',
          notifyUrl: base ? `${base}/api/pay/notify/${payment.provider}` : undefined,
        })
      : { ok: false, reason: `PROVIDER_UNAVAILABLE: ${payment.provider} is not configured` };
  }
  if (!result.ok) log.error({ refundNo: passed.refundNo, reason: result.reason }, 'provider refund failed');
  const outcome: RefundState = !result.ok
    ? { state: 'failed', reason: result.reason }
    : result.done
      ? { state: 'success' }
      : { state: 'processing' };
  await recordRefundOutcome(ctx.db, passed.id, outcome, 'refund call', actor);
}

/** Gives back every automatic refund not yet sent (a second charge for an order). */
export async function runAutoRefunds(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const due = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(eq(refunds.origin, 'automatic'), eq(refunds.status, REFUND_STATUS.PENDING), eq(refunds.cancelled, false)),
    );
  let n = 0;
  for (const r of due) {
    try {
      await executeRefund(ctx, r.id, { kind: 'system' }, log);
      n++;
    } catch (e) {
      // Claimed by a parallel run: that one makes the call.
      log.info({ err: e, refundId: r.id }, 'automatic refund already claimed');
    }
  }
  return n;
}

/** After a settlement outside any transaction: a charge that arrived for an order it cannot pay goes back now. */
export async function afterSettle(
  ctx: OutsideTxCtx<AppContext>,
  outcome: string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (outcome === 'refunding') await runAutoRefunds(ctx, log);
}
