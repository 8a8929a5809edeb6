import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { canRefund } from '@portal/contract/order-states';
import { isRefundPending, REFUND_STATUS, type ConsoleRefundRow, type RefundView } from '@portal/contract/payments';
import { maskMobile } from '@portal/contract/validation';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { refunds } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { executeRefund } from './refund-run.ts';
import { recordAudit } from '../staff/public.ts';
import { noticeRefund } from '../notices/public.ts';
import { consoleRefunds, latestPaidPayment, liveRefund, lockRefund, newTradeNo, type RefundRow } from './repo.ts';
import { memberOrderIn, type PayScope } from './service.ts';
import { factsOf } from '../orders/public.ts';
import { orderById } from '../orders/public.ts';

export function refundView(r: RefundRow): RefundView {
  return {
    id: r.id,
    refundNo: r.refundNo,
    orderId: r.orderId,
    amountFen: r.amountFen,
    status: r.status,
    failReason: r.failReason,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * A member asks for a refund (document 2, sections 4 and 7): allowed where the
 * permitted-action rules say, once per order; a failed or refused one may be asked again
 * and keeps its refund number, so a retry never refunds twice.
 */
export interface RefundReason {
  reasonCode?: string;
  reasonText?: string;
}

export async function requestRefund(
  ctx: AppContext,
  memberId: number,
  orderId: number,
  scope: PayScope | 'any',
  ip: string | null,
  why: RefundReason = {},
): Promise<RefundView> {
  const reason = { reasonCode: why.reasonCode ?? null, reason: why.reasonText?.trim() || null };
  const order = await memberOrderIn(ctx, memberId, orderId, scope);
  return withTx(ctx, async ({ db: tx }) => {
    const o = await orderById(tx, order.id, true);
    if (!o) throw notFound();
    if (!canRefund(factsOf(o))) throw conflict('refund.notAllowed');
    const paid = await latestPaidPayment(tx, o.id);
    if (!paid) throw conflict('refund.notAllowed');
    // The refund row is locked before its status is read: finance may be retrying a failed refund
    // at this moment, and a request over it would set a passed refund back to pending.
    const live = await liveRefund(tx, o.id);
    const existing = live && (await lockRefund(tx, live.id));
    let row: RefundRow;
    if (existing && existing.status !== REFUND_STATUS.FAILED) throw conflict('refund.exists');
    if (existing) {
      [row] = await tx
        .update(refunds)
        .set({ status: REFUND_STATUS.PENDING, failReason: null, ...reason })
        .where(eq(refunds.id, existing.id))
        .returning();
    } else {
      [row] = await tx
        .insert(refunds)
        .values({
          refundNo: newTradeNo('R'),
          orderId: o.id,
          paymentId: paid.id,
          amountFen: paid.amountFen,
          status: REFUND_STATUS.PENDING,
          ...reason,
        })
        .returning();
    }
    await recordAudit(
      tx,
      { kind: 'member', memberId },
      {
        action: 'refund.request',
        targetKind: 'refund',
        targetId: row.id,
        after: { orderId: o.id, amountFen: row.amountFen, ...reason },
        ip,
      },
    );
    return refundView(row);
  });
}

/** A member withdraws a request still pending review (已取消退款). */
export async function cancelRefund(
  ctx: AppContext,
  memberId: number,
  orderId: number,
  ip: string | null,
): Promise<RefundView> {
  const order = await memberOrderIn(ctx, memberId, orderId, 'any');
  return withTx(ctx, async ({ db: tx }) => {
    const live = await liveRefund(tx, order.id);
    if (!live) throw notFound('refund.notFound');
    const r = await lockRefund(tx, live.id);
    if (!r || !isRefundPending(r.status)) throw conflict('refund.notPending');
    const [row] = await tx.update(refunds).set({ cancelled: true }).where(eq(refunds.id, r.id)).returning();
    await recordAudit(
      tx,
      { kind: 'member', memberId },
      {
        action: 'refund.cancel',
        targetKind: 'refund',
        targetId: r.id,
        before: { status: r.status },
        after: { cancelled: true },
        ip,
      },
    );
    return refundView(row);
  });
}

export async function memberRefund(ctx: AppContext, memberId: number, orderId: number): Promise<RefundView | null> {
  const order = await memberOrderIn(ctx, memberId, orderId, 'any');
  const r = await liveRefund(ctx.db, order.id);
  return r ? refundView(r) : null;
}

export async function listConsoleRefunds(
  ctx: AppContext,
  filter: { status?: number; origin?: 'member' | 'automatic' } = {},
): Promise<ConsoleRefundRow[]> {
  const rows = await consoleRefunds(ctx.db, filter);
  return rows.map(({ r, orderNo, kind, mobile, memberName, paymentNo, provider }) => ({
    id: r.id,
    refundNo: r.refundNo,
    orderId: r.orderId,
    orderNo,
    kind,
    mobile: mobile ? maskMobile(mobile) : null,
    memberName,
    paymentNo,
    provider,
    amountFen: r.amountFen,
    status: r.status,
    reason: r.reason,
    reasonCode: r.reasonCode,
    origin: r.origin,
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
 * Finance approves (or retries a failed refund): one provider call per refund, whatever
 * the number of parallel clicks, with the same refund number on every retry; the result
 * is 4 refunded (order closed), 3 still in progress at the platform, or 5 with the reason.
 */
export async function approveRefund(
  ctx: AppContext,
  refundId: number,
  actor: StaffActor,
  log: FastifyBaseLogger,
): Promise<ConsoleRefundRow> {
  await executeRefund(ctx, refundId, { kind: 'staff', staffId: actor.staffId, ip: actor.ip }, log);
  return (await listConsoleRefunds(ctx)).find((r) => r.id === refundId)!;
}

/** Finance refuses a pending request: status 5 with the reason shown to the member. */
export async function refuseRefund(
  ctx: AppContext,
  refundId: number,
  reason: string,
  actor: StaffActor,
): Promise<ConsoleRefundRow> {
  await withTx(ctx, async ({ db: tx }) => {
    const r = await lockRefund(tx, refundId);
    if (!r || r.cancelled) throw notFound('refund.notFound');
    if (!isRefundPending(r.status)) throw conflict('refund.notApprovable');
    await tx
      .update(refunds)
      .set({ status: REFUND_STATUS.FAILED, failReason: reason, staffId: actor.staffId })
      .where(eq(refunds.id, r.id));
    await noticeRefund(tx, r, 'refused', reason);
    await recordAudit(
      tx,
      { kind: 'staff', staffId: actor.staffId },
      {
        action: 'refund.refuse',
        targetKind: 'refund',
        targetId: r.id,
        before: { status: r.status },
        after: { status: REFUND_STATUS.FAILED, reason },
        ip: actor.ip,
      },
    );
  });
  return (await listConsoleRefunds(ctx)).find((r) => r.id === refundId)!;
}
