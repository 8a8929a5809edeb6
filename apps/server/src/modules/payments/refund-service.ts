import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { canRefund, ORDER_STATE } from '@portal/contract/order-states';
import { isRefundPending, REFUND_STATUS, type ConsoleRefundRow, type RefundView } from '@portal/contract/payments';
import { maskMobile } from '@portal/contract/validation';
import type { AppContext } from '../../context.ts';
import { orders, payments, refunds } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { payPartiesOf } from './parties.ts';
import { audit, consoleRefunds, latestPaidPayment, liveRefund, lockOrder, lockRefund, newTradeNo, type RefundRow } from './repo.ts';
import { memberOrderIn, type PayScope } from './service.ts';

export function refundView(r: RefundRow): RefundView {
  return { id: r.id, refundNo: r.refundNo, orderId: r.orderId, amountFen: r.amountFen, status: r.status, failReason: r.failReason, createdAt: r.createdAt.toISOString() };
}

/**
 * A member asks for a refund (document 2, sections 4 and 7): allowed where the
 * permitted-action rules say, once per order; a failed or refused one may be asked again
 * and keeps its refund number, so a retry never refunds twice.
 */
export async function requestRefund(ctx: AppContext, memberId: number, orderId: number, scope: PayScope | 'any', ip: string | null): Promise<RefundView> {
  const order = await memberOrderIn(ctx, memberId, orderId, scope);
  return ctx.db.transaction(async (tx) => {
    const o = await lockOrder(tx, order.id);
    if (!o) throw notFound();
    const facts = { kind: o.kind, state: o.state, payTime: o.payTime?.toISOString() ?? null, isRefund: o.isRefund, isFile: o.isFile };
    if (!canRefund(facts)) throw conflict('refund.notAllowed');
    const paid = await latestPaidPayment(tx, o.id);
    if (!paid) throw conflict('refund.notAllowed');
    const existing = await liveRefund(tx, o.id);
    let row: RefundRow;
    if (existing && existing.status !== REFUND_STATUS.FAILED) throw conflict('refund.exists');
    if (existing) {
      [row] = await tx.update(refunds).set({ status: REFUND_STATUS.PENDING, failReason: null }).where(eq(refunds.id, existing.id)).returning();
    } else {
      [row] = await tx
        .insert(refunds)
        .values({ refundNo: newTradeNo('R'), orderId: o.id, paymentId: paid.id, amountFen: paid.amountFen, status: REFUND_STATUS.PENDING, reason: 'member request' })
        .returning();
    }
    await audit(tx, { actorKind: 'member', actorId: memberId, action: 'refund.request', targetKind: 'refund', targetId: row.id, after: { orderId: o.id, amountFen: row.amountFen }, ip });
    return refundView(row);
  });
}

/** A member withdraws a request still pending review (已取消退款). */
export async function cancelRefund(ctx: AppContext, memberId: number, orderId: number, ip: string | null): Promise<RefundView> {
  const order = await memberOrderIn(ctx, memberId, orderId, 'any');
  return ctx.db.transaction(async (tx) => {
    const live = await liveRefund(tx, order.id);
    if (!live) throw notFound('refund.notFound');
    const r = await lockRefund(tx, live.id);
    if (!r || !isRefundPending(r.status)) throw conflict('refund.notPending');
    const [row] = await tx.update(refunds).set({ cancelled: true }).where(eq(refunds.id, r.id)).returning();
    await audit(tx, { actorKind: 'member', actorId: memberId, action: 'refund.cancel', targetKind: 'refund', targetId: r.id, before: { status: r.status }, after: { cancelled: true }, ip });
    return refundView(row);
  });
}

export async function memberRefund(ctx: AppContext, memberId: number, orderId: number): Promise<RefundView | null> {
  const order = await memberOrderIn(ctx, memberId, orderId, 'any');
  const r = await liveRefund(ctx.db, order.id);
  return r ? refundView(r) : null;
}

export async function listConsoleRefunds(ctx: AppContext, status?: number): Promise<ConsoleRefundRow[]> {
  const rows = await consoleRefunds(ctx.db, status);
  return rows.map(({ r, orderNo, kind, mobile }) => ({
    id: r.id,
    refundNo: r.refundNo,
    orderId: r.orderId,
    orderNo,
    kind,
    mobile: mobile ? maskMobile(mobile) : null,
    amountFen: r.amountFen,
    status: r.status,
    reason: r.reason,
    failReason: r.failReason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

interface StaffActor {
  staffId: number;
  ip: string | null;
}

/**
 * Finance approves: the review passes (3), the provider refunds with the same refund
 * number on every retry, and the result is recorded: 4 refunded (order closed) or
 * 5 refund failed with the provider's reason.
 */
export async function approveRefund(ctx: AppContext, refundId: number, actor: StaffActor, log: FastifyBaseLogger): Promise<ConsoleRefundRow> {
  const passed = await ctx.db.transaction(async (tx) => {
    const r = await lockRefund(tx, refundId);
    if (!r || r.cancelled) throw notFound('refund.notFound');
    if (!(isRefundPending(r.status) || r.status === REFUND_STATUS.PASSED || r.status === REFUND_STATUS.FAILED)) throw conflict('refund.notApprovable');
    const [row] = await tx.update(refunds).set({ status: REFUND_STATUS.PASSED, staffId: actor.staffId, failReason: null }).where(eq(refunds.id, r.id)).returning();
    await audit(tx, { actorKind: 'staff', actorId: actor.staffId, action: 'refund.approve', targetKind: 'refund', targetId: r.id, before: { status: r.status }, after: { status: REFUND_STATUS.PASSED }, ip: actor.ip });
    return row;
  });

  const payment = passed.paymentId ? (await ctx.db.select().from(payments).where(eq(payments.id, passed.paymentId)).limit(1))[0] : undefined;
  let result: { ok: true } | { ok: false; reason: string };
  if (!payment) result = { ok: false, reason: 'NO_PAYMENT: no paid payment on record' };
  else if (payment.provider === 'zero' || passed.amountFen === 0) result = { ok: true };
  else {
    const provider = payPartiesOf(ctx)[payment.provider];
    result = provider
      ? await provider.refund({ paymentNo: payment.paymentNo, refundNo: passed.refundNo, amountFen: passed.amountFen, totalFen: payment.amountFen, reason: '用户申请退款' })
      : { ok: false, reason: `PROVIDER_UNAVAILABLE: ${payment.provider} is not configured` };
  }
  if (!result.ok) log.error({ refundNo: passed.refundNo, reason: result.reason }, 'provider refund failed');

  await ctx.db.transaction(async (tx) => {
    const status = result.ok ? REFUND_STATUS.REFUNDED : REFUND_STATUS.FAILED;
    await tx
      .update(refunds)
      .set({ status, failReason: result.ok ? null : result.reason.slice(0, 500) })
      .where(eq(refunds.id, passed.id));
    if (result.ok) {
      const o = await lockOrder(tx, passed.orderId);
      if (o && o.state !== ORDER_STATE.CLOSED) await tx.update(orders).set({ state: ORDER_STATE.CLOSED, closedAt: sql`now()` }).where(eq(orders.id, o.id));
    }
    await audit(tx, {
      actorKind: 'staff',
      actorId: actor.staffId,
      action: result.ok ? 'refund.refunded' : 'refund.failed',
      targetKind: 'refund',
      targetId: passed.id,
      before: { status: REFUND_STATUS.PASSED },
      after: { status, reason: result.ok ? null : result.reason },
      ip: actor.ip,
    });
  });
  return (await listConsoleRefunds(ctx)).find((r) => r.id === refundId)!;
}

/** Finance refuses a pending request: status 5 with the reason shown to the member. */
export async function refuseRefund(ctx: AppContext, refundId: number, reason: string, actor: StaffActor): Promise<ConsoleRefundRow> {
  await ctx.db.transaction(async (tx) => {
    const r = await lockRefund(tx, refundId);
    if (!r || r.cancelled) throw notFound('refund.notFound');
    if (!isRefundPending(r.status)) throw conflict('refund.notApprovable');
    await tx.update(refunds).set({ status: REFUND_STATUS.FAILED, failReason: reason, staffId: actor.staffId }).where(eq(refunds.id, r.id));
    await audit(tx, { actorKind: 'staff', actorId: actor.staffId, action: 'refund.refuse', targetKind: 'refund', targetId: r.id, before: { status: r.status }, after: { status: REFUND_STATUS.FAILED, reason }, ip: actor.ip });
  });
  return (await listConsoleRefunds(ctx)).find((r) => r.id === refundId)!;
}
