import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { canPay, ORDER_STATE, type OrderKind } from '@portal/contract/order-states';
import { REFUND_STATUS } from '@portal/contract/payments';
import type { PayInfoResponse, PayStatusResponse } from '@portal/contract/payments';
import type { PhonePayResponse } from '@portal/contract/phone-pay';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { OutsideTxCtx } from '../../db/tx.ts';
import { payments, refunds } from '../../db/schema.ts';
import { paymentOutcomes } from '../../lib/metrics.ts';
import { afterSettle } from './refund-run.ts';
import { settleZeroAmount } from './zero.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { channelOf } from '../../providers/pay/pay-parties.ts';
import type { PhoneWay, QueryResult, VerifiedNotify } from '../../providers/pay/types.ts';
import { assertDistinctFaces } from '../orders/public.ts';
import { assertReprintPhotoLive } from '../reprint/public.ts';
import { ANY_KIND, ownedOrder } from '../orders/public.ts';
import { factsOf } from '../orders/public.ts';
import { orderById } from '../orders/public.ts';
import { transition, type OrderActor } from '../orders/public.ts';
import { ORDER_PRODUCT } from '@portal/contract/orders';
import { recordAudit } from '../staff/public.ts';
import { countPersons, findPaymentByNo, lockPaymentByNo, newTradeNo, type OrderRow } from './repo.ts';

/** The phone portal's pay page and the page a phone payment returns to (never proof of payment). */
export const phonePayUrl = (base: string, orderId: number) => `${base}/phoneModify/orders/${orderId}/pay`;
export const phoneReturnUrl = (base: string, orderId: number, paymentNo: string) =>
  `${base}/phoneModify/pay/return?id=${orderId}&paymentNo=${encodeURIComponent(paymentNo)}`;

/** /api/pay/* serves individual and reprint orders; /api/taskPay/* centralised ones. */
export type PayScope = 'pay' | 'taskPay';
const SCOPE_KINDS: Record<PayScope, OrderKind[]> = { pay: ['individual', 'reprint'], taskPay: ['task'] };

export async function memberOrderIn(
  ctx: AppContext,
  memberId: number,
  id: number,
  scope: PayScope | 'any',
): Promise<OrderRow> {
  // The pay calls answer 404 for another member's order: they never tell whether it exists.
  return ownedOrder(ctx.db, memberId, id, scope === 'any' ? ANY_KIND : SCOPE_KINDS[scope], { hideOthers: true });
}

function hasShipping(o: OrderRow): boolean {
  return !!(
    o.shippingReceiveName &&
    o.shippingReceiveMobile &&
    o.shippingProvinceName &&
    o.shippingCityName &&
    o.shippingAddress
  );
}

/** Marks an order paid (the orders module's transition: state, pay time, pay type, audit). Row locked by the caller. */
async function moveOrderToPaid(tx: DbOrTx, order: OrderRow, payType: number, actor: OrderActor): Promise<void> {
  await transition(tx, order, 'pay', actor, { payType });
}

export interface StartPaymentInput {
  memberId: number;
  /** 'any': the phone portal pays every kind through one call. */
  scope: PayScope | 'any';
  id: number;
  payType: 1 | 2;
  baseUrl: string;
  /** A phone's way (phone-pay.ts): its platform call, and the phone pages to return and quit to. */
  phone?: { way: PhoneWay; openid?: string; clientIp?: string };
}

/**
 * Pay now (document 2, sections 4 and 7): the amount is the server's; a zero amount
 * counts as paid without a provider; otherwise a payment row and the provider's QR or form.
 */
export async function startPayment(
  ctx: OutsideTxCtx<AppContext>,
  input: StartPaymentInput,
  log: FastifyBaseLogger,
): Promise<PayInfoResponse & PhonePayResponse> {
  const order = await memberOrderIn(ctx, input.memberId, input.id, input.scope);
  if (!canPay(factsOf(order))) throw conflict('pay.notPayable');
  // A reprint prints a photo on file: only while the member's binding to the record may see it.
  await assertReprintPhotoLive(ctx.db, order);
  const persons = order.kind === 'reprint' ? (order.num ?? 0) : await countPersons(ctx.db, order.id);
  if (persons <= 0) throw badRequest('order.empty');
  if (order.kind !== 'task' && !hasShipping(order)) throw conflict('order.shippingMissing');
  // One face may stand for one student only (the same photo for three people was accepted).
  await assertDistinctFaces(ctx.db, order);
  const amountFen = order.totalFen;

  if (amountFen === 0) {
    const settled = await withTx(ctx, async ({ db: tx }) => {
      const locked = await orderById(tx, order.id, true);
      if (!locked || !canPay(factsOf(locked))) return false;
      await settleZeroAmount(tx, locked, input.payType, { kind: 'member', memberId: input.memberId });
      return true;
    });
    if (settled) paymentOutcomes.inc({ provider: 'zero', outcome: 'settled' });
    return { paid: true, amountFen: 0 };
  }

  const parties = ctx.pay;
  const channel = channelOf(input.payType);
  const provider = parties[channel];
  if (!provider) throw new AppError(503, 'pay.providerUnavailable');
  // One charge per order: the previous QR or form is closed at the platform first; if the
  // member paid it meanwhile, that payment settles the order and no new one is issued.
  const previous = await closeOpenPayments(ctx, order.id, log);
  if (previous === 'paid') return { paid: true, amountFen };
  if (previous === 'unknown') throw new AppError(503, 'pay.providerUnavailable');
  const paymentNo = newTradeNo('P');
  const expiresAt = new Date(Date.now() + parties.settings.expireMinutes * 60_000);
  const inserted = await withTx(ctx, async ({ db: tx }) => {
    const locked = await orderById(tx, order.id, true);
    if (!locked || !canPay(factsOf(locked))) return false;
    // Another open payment appeared meanwhile (a parallel click): this one is not issued.
    const open = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.state, 'pending')))
      .limit(1);
    if (open[0]) return false;
    await tx
      .insert(payments)
      .values({ paymentNo, orderId: order.id, provider: channel, payType: input.payType, amountFen, expiresAt });
    return true;
  });
  if (!inserted) throw conflict('pay.notPayable');
  try {
    const phone = input.phone;
    const created = await provider.createPayment({
      paymentNo,
      amountFen,
      subject: `${ORDER_PRODUCT[order.kind].zh} ${order.orderNo}`,
      notifyUrl: `${input.baseUrl}/api/pay/notify/${channel}`,
      returnUrl: phone
        ? phoneReturnUrl(input.baseUrl, order.id, paymentNo)
        : `${input.baseUrl}/home/submitPhoto/pay?id=${order.id}&type=${order.type}&kind=${order.kind}`,
      baseUrl: input.baseUrl,
      expiresAt,
      ...(phone ? { ...phone, quitUrl: phonePayUrl(input.baseUrl, order.id) } : {}),
    });
    return {
      paid: false,
      amountFen,
      paymentNo,
      wxPayQrcodeUrl: created.qrUrl,
      aliPayHtml: created.html,
      jsapi: created.jsapi,
      h5Url: created.h5Url,
      cashierUrl: created.cashierUrl,
    };
  } catch (e) {
    log.error({ err: e, paymentNo }, 'payment provider refused to create a payment');
    await ctx.db.update(payments).set({ state: 'failed' }).where(eq(payments.paymentNo, paymentNo));
    throw new AppError(503, 'pay.providerUnavailable');
  }
}

/**
 * Closes every open payment of an order at its platform and then locally. 'paid' when the
 * platform says one was paid (it is settled here); 'unknown' when a platform could not say,
 * and the payment stays open (a charge on it would be refunded automatically anyway).
 */
export async function closeOpenPayments(
  ctx: OutsideTxCtx<AppContext>,
  orderId: number,
  log: FastifyBaseLogger,
): Promise<'closed' | 'paid' | 'unknown'> {
  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, 'pending')));
  let result: 'closed' | 'paid' | 'unknown' = 'closed';
  for (const p of open) {
    if (p.provider === 'zero') continue;
    const provider = ctx.pay[p.provider];
    let closed: 'closed' | 'paid' | 'unknown' = 'closed';
    try {
      if (provider) closed = await provider.close(p.paymentNo);
    } catch (e) {
      log.warn({ err: e, paymentNo: p.paymentNo }, 'closing a payment at the platform failed');
      closed = 'unknown';
    }
    if (closed === 'paid' && provider) {
      const q = await provider.query(p.paymentNo);
      if (q.state === 'paid' && q.amountFen !== undefined) {
        const outcome = await settlePayment(
          ctx.db,
          {
            paymentNo: p.paymentNo,
            state: 'paid',
            amountFen: q.amountFen,
            currency: q.currency ?? 'CNY',
            tradeNo: q.tradeNo ?? null,
            raw: q.raw ?? null,
          },
          p.provider,
          'query',
          log,
        );
        await afterSettle(ctx, outcome, log);
        result = 'paid';
        continue;
      }
      closed = 'unknown';
    }
    if (closed === 'closed')
      await ctx.db
        .update(payments)
        .set({ state: 'closed' })
        .where(and(eq(payments.id, p.id), eq(payments.state, 'pending')));
    else if (result !== 'paid') result = 'unknown';
  }
  return result;
}

export type SettleOutcome = 'settled' | 'duplicate' | 'failed' | 'ignored' | 'refused' | 'refunding';

/**
 * What a platform's query answer settles: a paid or failed payment with its amount, or null
 * while it settles nothing (pending, closed, unknown, no answer). The pay page's poll and the
 * reconcile job both read answers through it.
 */
export function settlementOfQuery(paymentNo: string, q: QueryResult | null): VerifiedNotify | null {
  if (!q || (q.state !== 'paid' && q.state !== 'failed') || q.amountFen === undefined) return null;
  return {
    paymentNo,
    state: q.state,
    amountFen: q.amountFen,
    currency: q.currency ?? 'CNY',
    tradeNo: q.tradeNo ?? null,
    raw: q.raw ?? null,
  };
}

/**
 * Applies a verified notification or query result. Idempotent: the payment and order
 * rows are locked, so a duplicate notification or one racing the poll moves the order once.
 * A notification whose amount, currency, channel or order does not match is refused and logged.
 */
export async function settlePayment(
  db: DbOrTx,
  n: VerifiedNotify,
  channel: 'wechat' | 'alipay',
  source: 'notify' | 'query',
  log: FastifyBaseLogger,
): Promise<SettleOutcome> {
  const outcome = await db.transaction(async (tx): Promise<SettleOutcome> => {
    // Locks in the one order every writer uses: the order, then its payment. Locking the
    // payment first deadlocked with a refund request (order, then the refund's reference to
    // the payment) or a close on PostgreSQL, and one of the two answered 500.
    const seen = await findPaymentByNo(tx, n.paymentNo);
    const order = seen ? await orderById(tx, seen.orderId, true) : null;
    const p = await lockPaymentByNo(tx, n.paymentNo);
    const refuse = async (why: string) => {
      log.error(
        {
          paymentNo: n.paymentNo,
          channel,
          source,
          why,
          amountFen: n.amountFen,
          currency: n.currency,
          expectedFen: p?.amountFen,
        },
        'payment notification refused',
      );
      await recordAudit(
        tx,
        { kind: 'system' },
        {
          action: 'payment.notifyRefused',
          targetKind: 'payment',
          targetId: n.paymentNo,
          after: { why, source, notify: n.raw },
        },
      );
      return 'refused' as const;
    };
    if (!p) return refuse('unknown payment');
    if (p.provider !== channel) return refuse('channel mismatch');
    if (n.amountFen !== p.amountFen) return refuse('amount mismatch');
    if (n.currency !== 'CNY') return refuse('currency mismatch');
    if (!order || order.id !== p.orderId) return refuse('order missing');
    if (n.state === 'pending') return 'ignored';
    if (n.state === 'failed') {
      if (p.state !== 'pending') return 'ignored';
      await tx
        .update(payments)
        .set({ state: 'failed', rawNotify: n.raw as object })
        .where(eq(payments.id, p.id));
      return 'failed';
    }
    if (p.state === 'paid') return 'duplicate';
    await tx
      .update(payments)
      .set({
        state: 'paid',
        paidAt: sql`now()`,
        providerTradeNo: n.tradeNo,
        rawNotify: { source, notify: n.raw } as object,
      })
      .where(eq(payments.id, p.id));
    if (canPay(factsOf(order)) && order.totalFen === p.amountFen) {
      await moveOrderToPaid(tx, order, p.payType, { kind: 'system' });
      return 'settled';
    }
    // Money arrived for an order that is no longer payable (paid by another charge, closed or
    // deleted, or its amount changed): it goes back by itself, and finance sees it.
    log.error(
      { paymentNo: p.paymentNo, orderId: order.id, state: order.state },
      'payment received for an order that was not moved: refunding it',
    );
    const [r] = await tx
      .insert(refunds)
      .values({
        refundNo: newTradeNo('R'),
        orderId: order.id,
        paymentId: p.id,
        amountFen: p.amountFen,
        status: REFUND_STATUS.PENDING,
        origin: 'automatic',
        reason: `automatic: order ${order.orderNo} was ${order.state === ORDER_STATE.CLOSED ? 'closed' : 'already paid'} when this charge arrived`,
      })
      .returning();
    await recordAudit(
      tx,
      { kind: 'system' },
      {
        action: 'payment.unmatched',
        targetKind: 'order',
        targetId: order.id,
        after: { paymentNo: p.paymentNo, state: order.state, refundId: r.id },
      },
    );
    return 'refunding';
  });
  // Counted once committed: a rolled-back settlement decided nothing.
  paymentOutcomes.inc({ provider: channel, outcome });
  return outcome;
}

/**
 * What the pay page polls. When a payment number is given and the payment is still
 * pending, the provider is asked too (the poll may win the race with the notification).
 */
export async function payStatus(
  ctx: AppContext,
  memberId: number,
  id: number,
  paymentNo: string | undefined,
  log: FastifyBaseLogger,
): Promise<PayStatusResponse> {
  let order = await memberOrderIn(ctx, memberId, id, 'any');
  const view = (state: PayStatusResponse['paymentState']) => ({
    orderNo: order.orderNo,
    kind: order.kind,
    amountFen: order.totalFen,
    orderState: order.state,
    paymentState: state,
  });
  if (!paymentNo) return view(null);
  let p = await findPaymentByNo(ctx.db, paymentNo);
  if (!p || p.orderId !== order.id) throw notFound();
  if (p.state === 'pending' && (p.provider === 'wechat' || p.provider === 'alipay')) {
    const provider = ctx.pay[p.provider];
    try {
      const q = provider ? await provider.query(p.paymentNo) : null;
      const settled = settlementOfQuery(p.paymentNo, q);
      if (settled) {
        await afterSettle(ctx, await settlePayment(ctx.db, settled, p.provider, 'query', log), log);
        order = await memberOrderIn(ctx, memberId, id, 'any');
        p = (await findPaymentByNo(ctx.db, paymentNo)) ?? p;
      }
    } catch (e) {
      log.warn({ err: e, paymentNo }, 'payment query failed');
    }
  }
  return view(p.state);
}
