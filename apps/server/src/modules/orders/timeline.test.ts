import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TimelineEvent } from '@portal/contract/orders';
import { refunds } from '../../db/schema.ts';
import { call, staffCall, memberSession, staffSession, testApp, type Session } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';

let app: FastifyInstance;
let me: Session & { mobile: string };
let staff: { token: string };

beforeAll(async () => {
  app = await testApp();
  me = await memberSession(app, undefined, { isFirst: false });
  staff = await staffSession(app, 'admin');
});
afterAll(async () => app.close());

const timeline = (id: number, s: Session = me) =>
  call<TimelineEvent[]>(app, { url: `/api/order/timeline?id=${id}`, session: s });
const staffDo = async (id: number, action: string, extra: Record<string, unknown> = {}) => {
  const r = await staffCall(app, staff.token, '/api/console/orders/transition', { ids: [id], action, ...extra });
  expect(r.code).toBe(200);
};
/** A zero-amount order is paid at once through the pay call, like any other. */
async function paidOrder(kind: 'individual' | 'reprint' | 'task' = 'individual') {
  const o = await createDevOrder(app.ctx, { mobile: me.mobile, kind, amountFen: 0 });
  const r = await call(app, {
    method: 'POST',
    url: `/api/${kind === 'task' ? 'taskPay' : 'pay'}/getPayInfo`,
    payload: { id: o.id, payType: 2 },
    session: me,
  });
  expect(r.code).toBe(200);
  return o.id;
}

describe('order timeline', () => {
  it('follows an individual order from creation to delivery, with the carrier and waybill, in time order', async () => {
    const id = await paidOrder();
    await staffDo(id, 'approve');
    await staffDo(id, 'produce');
    await staffDo(id, 'ship', { waybillNos: ['EA000000001CN'], carrier: 'EMS' });
    await staffDo(id, 'deliver');
    const r = await timeline(id);
    expect(r.code).toBe(200);
    expect(r.data.map((e) => e.step)).toEqual([
      'created',
      'paid',
      'review',
      'approved',
      'production',
      'shipped',
      'delivered',
    ]);
    expect(r.data.find((e) => e.step === 'shipped')).toMatchObject({ carrier: 'EMS', waybill: 'EA000000001CN' });
    expect(r.data.find((e) => e.step === 'paid')).toMatchObject({ amount: '0.00' });
    const times = r.data.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("shows the reviewer's reason of a rejection and the refund steps", async () => {
    const id = await paidOrder();
    await staffDo(id, 'reject', { reason: '照片背景不是白色' });
    await app.ctx.db.insert(refunds).values({ refundNo: `RT${id}`, orderId: id, amountFen: 4500, status: 4 });
    const r = await timeline(id);
    expect(r.data.map((e) => e.step)).toEqual(['created', 'paid', 'review', 'rejected', 'refundRequested', 'refunded']);
    expect(r.data.find((e) => e.step === 'rejected')?.reason).toBe('照片背景不是白色');
    expect(r.data.find((e) => e.step === 'refunded')?.amount).toBe('45.00');
  });

  it('serves reprint and centralised orders; a reprint is not reviewed', async () => {
    const reprint = await paidOrder('reprint');
    expect((await timeline(reprint)).data.map((e) => e.step)).toEqual(['created', 'paid']);
    const task = await paidOrder('task');
    expect((await timeline(task)).data.map((e) => e.step)).toEqual(['created', 'paid', 'review']);
  });

  it("answers another member's order with 403 and an unknown one with 404", async () => {
    const id = await paidOrder();
    const other = await memberSession(app, undefined, { isFirst: false });
    const r = await timeline(id, other);
    expect([r.code, r.msg, r.data]).toEqual([403, '无权操作该订单', null]);
    expect((await timeline(99_999_999)).code).toBe(404);
  });
});
