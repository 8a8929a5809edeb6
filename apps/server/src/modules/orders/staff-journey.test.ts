import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, memberSession, staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { orders } from '../../db/schema.ts';
import { insertOrder } from '../../../test/order-rows.ts';

let app: FastifyInstance;

/** An order straight in the table (the order wizard is another area's). */
async function makeOrder(
  memberId: number,
  o: { state: number; fy?: string; name?: string; idNumber?: string; kind?: 'individual' | 'task' },
) {
  return insertOrder(
    app,
    {
      memberId,
      kind: o.kind ?? 'individual',
      state: o.state,
      payTime: new Date(),
      shippingTypeName: '顺丰速运',
      shippingReceiveName: '张三',
      shippingReceiveMobile: '13900000000',
      shippingAddress: '海淀路1号',
    },
    {
      name: o.name ?? '张三',
      fy: o.fy ?? 'BJ',
      schoolName: '北京大学',
      yxdm: '10001',
      idNumHash: o.idNumber ? app.ctx.pii.blindIndex(o.idNumber) : null,
      idNumMask: o.idNumber ? '110***********0021' : null,
    },
  );
}

const transition = (token: string, payload: object) => staffCall(app, token, '/api/console/orders/transition', payload);
const stateOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0].state;

useTestApp((built) => (app = built));

describe('order search and branch isolation', () => {
  it('finds orders by ID number through the blind index, and a branch never sees another branch', async () => {
    const m = await memberSession(app);
    const bj = await makeOrder(m.memberId, { state: 115, fy: 'BJ', name: '李北京', idNumber: '110105194912310021' });
    const sh = await makeOrder(m.memberId, { state: 115, fy: 'SH', name: '王上海' });
    const admin = await staffSession(app, 'admin');
    const byId = await staffCall<{ rows: { id: number }[] }>(
      app,
      admin.token,
      '/api/console/orders?idNumber=110105194912310021',
    );
    expect(byId.data.rows.map((r) => r.id)).toEqual([bj.id]);
    const branch = await staffSession(app, 'branch', 'SH');
    const list = await staffCall<{ rows: { id: number }[] }>(app, branch.token, '/api/console/orders?size=200');
    const ids = list.data.rows.map((r) => r.id);
    expect(ids).toContain(sh.id);
    expect(ids).not.toContain(bj.id);
    const page = await staffCall(app, branch.token, `/api/console/orders/${bj.id}`);
    expect(page.code).toBe(404);
    const act = await transition(branch.token, { ids: [bj.id], action: 'approve' });
    expect(act.code).toBe(404);
    expect(await stateOf(bj.id)).toBe(115);
  });
});
describe('review, production, shipping and the trace', () => {
  it('approves, rejects with a reason, produces, ships with a waybill and the member sees the trace', async () => {
    const m = await memberSession(app);
    const a = await makeOrder(m.memberId, { state: 115 });
    const b = await makeOrder(m.memberId, { state: 116, kind: 'task' });
    const reviewer = await staffSession(app, 'reviewer');
    const queue = await staffCall<{ rows: { order: { id: number } }[] }>(
      app,
      reviewer.token,
      '/api/console/review?size=100',
    );
    expect(queue.data.rows.map((r) => r.order.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const noReason = await transition(reviewer.token, { ids: [b.id], action: 'reject' });
    expect(noReason.msg).toBe('请填写驳回原因');
    await transition(reviewer.token, { ids: [b.id], action: 'reject', reason: '照片不清晰' });
    expect(await stateOf(b.id)).toBe(125);
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, b.id)))[0].refuseReason).toBe('照片不清晰');
    await transition(reviewer.token, { ids: [a.id], action: 'approve' });
    expect(await stateOf(a.id)).toBe(120);
    const again = await transition(reviewer.token, { ids: [a.id], action: 'approve' });
    expect(again.code).toBe(409);
    expect(again.msg).toBe('订单状态已变化，请刷新后重试');
    const notMine = await transition(reviewer.token, { ids: [a.id], action: 'produce' });
    expect(notMine.code).toBe(403);

    const prod = await staffSession(app, 'production');
    await transition(prod.token, { ids: [a.id], action: 'produce' });
    expect(await stateOf(a.id)).toBe(130);
    const shipped = await transition(prod.token, {
      ids: [a.id],
      action: 'ship',
      carrier: '顺丰速运',
      waybillNos: ['SF1234567890123'],
    });
    expect(shipped.code).toBe(200);
    expect(await stateOf(a.id)).toBe(140);

    const trace = await call<{ responseItems: { opCode: string; opDesc: string }[] }>(app, {
      method: 'GET',
      url: '/api/wayBillTraceReceive/call?traceNo=SF1234567890123',
      session: m,
    });
    expect(trace.code).toBe(200);
    expect(trace.data.responseItems.at(-1)!.opDesc).toContain('快件已揽收');
    const other = await memberSession(app);
    const denied = await call(app, {
      method: 'GET',
      url: '/api/wayBillTraceReceive/call?traceNo=SF1234567890123',
      session: other,
    });
    expect(denied.code).toBe(404);
    const post = await call<{ responseItems: unknown[] }>(app, {
      method: 'POST',
      url: '/api/wayBillTraceReceive/call?traceNo=SF1234567890123',
      session: m,
      payload: {},
    });
    expect(post.data.responseItems.length).toBeGreaterThan(0);

    await transition(prod.token, { ids: [a.id], action: 'deliver' });
    expect(await stateOf(a.id)).toBe(145);
    const admin = await staffSession(app, 'admin');
    const page = await staffCall<{ audit: { action: string }[]; trace: { opCode: string }[] }>(
      app,
      admin.token,
      `/api/console/orders/${a.id}`,
    );
    expect(page.data.audit.map((x) => x.action)).toEqual([
      'order.deliver',
      'order.ship',
      'order.produce',
      'order.approve',
    ]);
    expect(page.data.trace[0].opCode).toBe('80');
  });
});
