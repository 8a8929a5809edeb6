import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { withAdvisoryLock } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { orderById } from '../orders/public.ts';
import { mayTransition, transition } from '../orders/public.ts';
import { recordRefundOutcome, runAutoRefunds } from './refund-run.ts';
import { refundsInProgress, stalePendingPayments, unpaidOrdersOlderThan } from './repo.ts';
import { settlementOfQuery, settlePayment } from './service.ts';

/** The advisory lock key of payment reconciliation: one instance runs it at a time. */
export const RECONCILE_LOCK_KEY = 7_700_001;

export interface ReconcileResult {
  /** False when another instance held the lock. */
  ran: boolean;
  settled: number;
  closedPayments: number;
  closedOrders: number;
  /** Refunds whose result came by polling the platform. */
  refundsSettled: number;
  /** Automatic refunds of second charges sent. */
  autoRefunds: number;
}

export interface ReconcileOptions {
  now?: Date;
  /** A pending payment is asked about once its notification is this late (ms). */
  graceMs?: number;
  /** Tests: called while the lock is held. */
  onLocked?: () => Promise<void>;
}

/**
 * Settles pending payments whose notification did not come (asking the provider) and
 * closes unpaid orders older than the configured age, under a PostgreSQL advisory lock.
 */
export async function reconcilePayments(
  ctx: AppContext,
  log: FastifyBaseLogger,
  opts: ReconcileOptions = {},
): Promise<ReconcileResult> {
  const parties = ctx.pay;
  const now = opts.now ?? new Date();
  const result: ReconcileResult = {
    ran: false,
    settled: 0,
    closedPayments: 0,
    closedOrders: 0,
    refundsSettled: 0,
    autoRefunds: 0,
  };
  result.ran = await withAdvisoryLock(ctx.db, RECONCILE_LOCK_KEY, async (tx) => {
    await opts.onLocked?.();
    const stale = await stalePendingPayments(tx, new Date(now.getTime() - (opts.graceMs ?? 60_000)));
    for (const p of stale) {
      if (p.provider === 'zero') continue;
      const provider = parties[p.provider];
      let q;
      try {
        q = provider ? await provider.query(p.paymentNo) : null;
      } catch (e) {
        log.warn({ err: e, paymentNo: p.paymentNo }, 'reconcile: query failed');
        continue;
      }
      const settled = settlementOfQuery(p.paymentNo, q);
      if (settled) {
        const outcome = await settlePayment(tx, settled, p.provider, 'query', log);
        if (outcome === 'settled' || outcome === 'refunding') result.settled++;
      } else if (
        (q?.state === 'closed' || q?.state === 'unknown' || q?.state === 'pending' || !q) &&
        p.expiresAt < now
      ) {
        await tx
          .update(payments)
          .set({ state: 'closed' })
          .where(and(eq(payments.id, p.id), eq(payments.state, 'pending')));
        result.closedPayments++;
      }
    }
    // Refunds the platform accepted but had not finished (WeChat PROCESSING): ask where they stand.
    for (const { r, paymentNo, provider: channel } of await refundsInProgress(
      tx,
      new Date(now.getTime() - (opts.graceMs ?? 60_000)),
    )) {
      if (channel === 'zero') continue;
      try {
        const state = await parties[channel]?.queryRefund(r.refundNo, paymentNo);
        if (state && (await recordRefundOutcome(tx, r.id, state, 'poll'))) result.refundsSettled++;
      } catch (e) {
        log.warn({ err: e, refundNo: r.refundNo }, 'reconcile: refund query failed');
      }
    }
    const hours = parties.settings.closeUnpaidHours;
    const old = await unpaidOrdersOlderThan(tx, new Date(now.getTime() - hours * 3600_000));
    const ids = old.map((o) => o.id);
    if (ids.length) {
      // An order with a payment still pending at the provider is left for the next run.
      const pending = await tx
        .select({ orderId: payments.orderId })
        .from(payments)
        .where(and(inArray(payments.orderId, ids), eq(payments.state, 'pending')));
      const skip = new Set(pending.map((p) => p.orderId));
      const closeIds = ids.filter((id) => !skip.has(id));
      for (const id of closeIds) {
        // The orders module's transition, under the row lock: an order paid meanwhile stays as it is.
        const o = await orderById(tx, id, true);
        if (!o || !mayTransition(o, 'closeUnpaid')) continue;
        await transition(tx, o, 'closeUnpaid', { kind: 'system' });
        result.closedOrders++;
      }
    }
  });
  // Outside the lock's transaction: each automatic refund claims its own row.
  if (result.ran) result.autoRefunds = await runAutoRefunds(ctx, log);
  if (result.settled || result.closedPayments || result.closedOrders || result.refundsSettled || result.autoRefunds)
    log.info(result, 'payment reconciliation');
  return result;
}
