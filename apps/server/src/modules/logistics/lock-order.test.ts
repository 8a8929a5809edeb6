import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import { REFUND_STATUS } from '@portal/contract/payments';
import { staffCall, staffSession, testApp } from '../../../test/helpers.ts';
import { auditLog, orders, parcels, payments, refunds } from '../../db/schema.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import { newTradeNo } from '../payments/repo.ts';
import { settlePayment } from '../payments/service.ts';
import { recordRefundOutcome } from '../payments/refund-run.ts';
import { requestRefund } from '../payments/refund-service.ts';
import { AppError } from '../../lib/errors.ts';
import { applyTrack } from './parcel-events.ts';

/**
 * The one row-lock order (ARCHITECTURE.md, "Data": order, then payment, then refund, then
 * parcel), held by the paths that lock the same order's rows: a payment notification settling
 * (here an order already paid, so it also writes a refund), the staff's ship action (the order,
 * then its new parcel) and a tracking push (the order, then its parcel), many orders at once.
 * A path locking in another order deadlocks on PostgreSQL, which fails one of them; the embedded
 * database has one connection and cannot show it, so the test runs on PostgreSQL only.
 */
const onPostgres = !!process.env.TEST_DATABASE_URL;
const ORDERS = 24;

/** A failure as the database gave it: drizzle's "Failed query" hides the cause (40P01 is a deadlock). */
function why(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code} ${cause.message}` : String(e);
}

describe.skipIf(!onPostgres)('row locks on one order, in one order (PostgreSQL)', () => {
  let app: FastifyInstance;
  let staff: { token: string };
  beforeAll(async () => {
    app = await testApp();
    staff = await staffSession(app, 'production');
  });
  afterAll(async () => app.close());

  /** An order in production with two charges still pending at the platform. */
  async function orderWithCharges(i: number) {
    const o = await createDevOrder(app.ctx, {
      mobile: `1370000${String(i).padStart(4, '0')}`,
      kind: 'individual',
      state: ORDER_STATE.IN_PRODUCTION,
    });
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.id));
    const charges = [newTradeNo('P'), newTradeNo('P')];
    for (const paymentNo of charges)
      await app.ctx.db.insert(payments).values({
        paymentNo,
        orderId: o.id,
        provider: 'wechat',
        payType: 1,
        amountFen: row.totalFen,
        expiresAt: new Date(Date.now() + 600_000),
      });
    return { id: o.id, amountFen: row.totalFen, charges };
  }

  const paid = (paymentNo: string, amountFen: number, i: number) => ({
    paymentNo,
    state: 'paid' as const,
    amountFen,
    currency: 'CNY',
    tradeNo: `T${i}-${paymentNo}`,
    raw: {},
  });

  async function parcelOf(orderId: number) {
    for (let tries = 0; tries < 1000; tries++) {
      const [p] = await app.ctx.db.select().from(parcels).where(eq(parcels.orderId, orderId));
      if (p) return p;
      await new Promise((r) => setTimeout(r, 5));
    }
    throw new Error('no parcel');
  }

  it('settling payments, shipping and tracking pushes on the same orders at once never deadlock', async () => {
    const all = await Promise.all(Array.from({ length: ORDERS }, (_, i) => orderWithCharges(i)));
    const signedAt = new Date();
    const runs = all.map(async (o, i) => {
      const waybill = `LK${String(i).padStart(9, '0')}CN`;
      const [shipped, first, later] = await Promise.all([
        staffCall<{ changed: number }>(app, staff.token, '/api/console/orders/transition', {
          action: 'ship',
          ids: [o.id],
          waybillNos: [waybill],
        }),
        settlePayment(app.ctx.db, paid(o.charges[0], o.amountFen, i), 'wechat', 'notify', app.log),
        (async () => {
          const p = await parcelOf(o.id);
          const track = {
            waybillNo: waybill,
            state: 'signed' as const,
            events: [{ opCode: '80', opTime: signedAt, opDesc: '快件已签收，感谢使用' }],
          };
          const [push, query, second] = await Promise.all([
            applyTrack(app.ctx.db, p.id, track),
            applyTrack(app.ctx.db, p.id, track),
            settlePayment(app.ctx.db, paid(o.charges[1], o.amountFen, i), 'wechat', 'query', app.log),
          ]);
          return { tracks: [push, query], second };
        })(),
      ]);
      return { shipped, first, later };
    });
    const results = await Promise.allSettled(runs);
    const failures = results.filter((r) => r.status === 'rejected').map((r) => why(r.reason));
    expect(failures).toEqual([]);
    for (const [i, r] of results.entries()) {
      if (r.status !== 'fulfilled') continue;
      const o = all[i];
      expect([r.value.shipped.code, r.value.shipped.data]).toEqual([200, { changed: 1 }]);
      // The order was paid before either charge arrived: each goes back by itself.
      expect([r.value.first, r.value.later.second]).toEqual(['refunding', 'refunding']);
      expect(r.value.later.tracks.filter((a) => a.delivered)).toHaveLength(1);
      const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.id));
      expect(row.state).toBe(ORDER_STATE.COMPLETED);
      expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, o.id))).toHaveLength(2);
      const moves = await app.ctx.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.targetKind, 'order'), eq(auditLog.targetId, String(o.id))));
      expect(moves.map((m) => m.action).sort()).toEqual([
        'order.deliver',
        'order.ship',
        'payment.unmatched',
        'payment.unmatched',
      ]);
    }
  }, 120_000);

  it("a refund's outcome racing the member's request on the same orders never deadlocks", async () => {
    const made = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        const o = await createDevOrder(app.ctx, {
          mobile: `1370001${String(i).padStart(4, '0')}`,
          kind: 'reprint',
          state: ORDER_STATE.PAID,
        });
        const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.id));
        const [p] = await app.ctx.db
          .insert(payments)
          .values({
            paymentNo: newTradeNo('P'),
            orderId: o.id,
            provider: 'wechat',
            payType: 1,
            amountFen: row.totalFen,
            state: 'paid',
            paidAt: new Date(),
            expiresAt: new Date(),
          })
          .returning();
        // The member's refund, approved and at the platform: its outcome closes the order.
        const [r] = await app.ctx.db
          .insert(refunds)
          .values({
            refundNo: newTradeNo('R'),
            orderId: o.id,
            paymentId: p.id,
            amountFen: p.amountFen,
            status: REFUND_STATUS.PASSED,
            origin: 'member',
          })
          .returning();
        return { id: o.id, memberId: row.memberId, refundId: r.id };
      }),
    );
    const results = await Promise.allSettled(
      made.flatMap((m, i) => [
        // The request reads the order before its transaction: the outcome starts a moment later,
        // a different moment for each order, so the two meet in every interleaving.
        requestRefund(app.ctx, m.memberId, m.id, 'any', null),
        new Promise((r) => setTimeout(r, i % 4)).then(() =>
          recordRefundOutcome(app.ctx.db, m.refundId, { state: 'success' }, 'notify'),
        ),
      ]),
    );
    const unexpected = results
      .map((r) => (r.status === 'rejected' ? r.reason : null))
      .filter((e) => e !== null && !(e instanceof AppError && e.status === 409))
      .map(why);
    expect(unexpected).toEqual([]);
    for (const m of made) {
      const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, m.id));
      expect(row.state).toBe(ORDER_STATE.CLOSED);
      const [r] = await app.ctx.db.select().from(refunds).where(eq(refunds.id, m.refundId));
      expect(r.status).toBe(REFUND_STATUS.REFUNDED);
    }
  }, 120_000);
});
