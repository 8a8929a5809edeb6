import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { usePaySandboxApp } from '../../../test/member-apps.ts';
import { createDevOrder } from '../dev/dev-orders.ts';

let app: FastifyInstance;
let me: Session & { mobile: string };
usePaySandboxApp((t) => ({ app, me } = t));

type Latest = { paymentNo: string; state: string; provider: string } | null;
const latest = (id: number, session: Session | undefined = me) =>
  call<Latest>(app, { method: 'GET', url: `/api/pay/latestPayment?id=${id}`, session });
const status = (id: number, paymentNo: string) =>
  call<{ orderState: number; paymentState: string | null }>(app, {
    method: 'GET',
    url: `/api/pay/status?id=${id}&paymentNo=${paymentNo}`,
    session: me,
  });

describe('the newest payment of an order (the page-payment return)', () => {
  it('is null before paying, the newest one after, and tells a failed Alipay payment from a pending one', async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    expect((await latest(o.id)).data).toBeNull();
    const first = await call<{ paymentNo: string }>(app, {
      method: 'POST',
      url: '/api/pay/getPayInfo',
      payload: { id: o.id, payType: 1 },
      session: me,
    });
    const pending = await latest(o.id);
    expect(pending.data).toEqual({ paymentNo: first.data.paymentNo, state: 'pending', provider: 'alipay' });
    // The student presses 支付失败 at the cashier: the provider's answer settles the payment as failed, the order stays unpaid.
    await app.ctx.pay.sandbox!.complete(first.data.paymentNo, 'failed');
    await expect
      .poll(async () => (await status(o.id, first.data.paymentNo)).data, { timeout: 5_000 })
      .toEqual(expect.objectContaining({ paymentState: 'failed', orderState: 110 }));
    expect((await latest(o.id)).data?.state).toBe('failed');
    const second = await call<{ paymentNo: string }>(app, {
      method: 'POST',
      url: '/api/pay/getPayInfo',
      payload: { id: o.id, payType: 1 },
      session: me,
    });
    expect((await latest(o.id)).data).toMatchObject({ paymentNo: second.data.paymentNo, state: 'pending' });
  });
  it("answers 404 for another member's order and 700 without a login", async () => {
    const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'individual' });
    const other = await memberSession(app);
    const r = await latest(o.id, other);
    expect([r.code, r.data]).toEqual([404, null]);
    expect((await call(app, { method: 'GET', url: `/api/pay/latestPayment?id=${o.id}` })).code).toBe(700);
  });
});
