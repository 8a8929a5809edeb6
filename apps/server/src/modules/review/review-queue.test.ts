import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { ClaimAnswer, DecideAnswer } from '@portal/contract/review';
import { call, memberSession, staffCall, useTestApp } from '../../../test/helpers.ts';
import { orders, refunds, reviewLeases } from '../../db/schema.ts';
import { reviewerSession, waitingOrder } from './test-kit.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const zh = { 'accept-language': 'zh-CN' };
const claim = (token: string, size?: number) =>
  call<ClaimAnswer>(app, {
    method: 'POST',
    url: '/api/console/review/claim',
    headers: { 'x-staff-token': token, ...zh },
    payload: size ? { size } : {},
  });
const decide = (token: string, payload: object) =>
  call<DecideAnswer>(app, {
    method: 'POST',
    url: '/api/console/review/decide',
    headers: { 'x-staff-token': token, ...zh },
    payload,
  });
const stateOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

/** Clears the queue so each test counts only its own orders. */
async function emptyQueue() {
  await app.ctx.db.execute(sql`update orders set state = 150 where state in (115, 116)`);
  await app.ctx.db.delete(reviewLeases);
}

describe('the shared review queue', () => {
  it('gives two reviewers different batches of the oldest orders, with the promised day', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await waitingOrder(app, m.memberId, [`学生${i}`], { minutesAgo: 100 - i }));
    const a = await reviewerSession(app, '审核员甲');
    const b = await reviewerSession(app, '审核员乙');
    const ca = await claim(a.token);
    const cb = await claim(b.token);
    expect(ca.code).toBe(200);
    const idsA = ca.data.rows.map((r) => r.order.id);
    const idsB = cb.data.rows.map((r) => r.order.id);
    expect(idsA).toEqual(made.slice(0, 10).map((o) => o.id));
    expect(idsB).toEqual(made.slice(10, 20).map((o) => o.id));
    expect(ca.data.waiting).toBe(25);
    expect(ca.data.rows[0].dueDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Opening the queue again renews the same batch: nothing new is taken.
    expect((await claim(a.token)).data.rows.map((r) => r.order.id)).toEqual(idsA);
  });

  it('refuses a decision on an order another reviewer holds, naming them; an expired claim goes to the next', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const o = await waitingOrder(app, m.memberId, ['张三']);
    const a = await reviewerSession(app, '审核员甲');
    const b = await reviewerSession(app, '审核员乙');
    expect((await claim(a.token)).data.rows.map((r) => r.order.id)).toEqual([o.id]);
    expect((await claim(b.token)).data.rows).toEqual([]);
    const byB = await decide(b.token, {
      orderId: o.id,
      personId: o.lines[0].id,
      photoId: o.lines[0].photoId,
      verdict: 'approve',
    });
    expect(byB.status).toBe(409);
    expect(byB.msg).toBe('该订单已由审核员审核员甲领取，请审核您自己队列中的订单');
    expect((await stateOf(o.id)).state).toBe(115);
    // The old transition route is held to the same rule.
    const t = await staffCall(app, b.token, '/api/console/orders/transition', { ids: [o.id], action: 'approve' });
    expect(t.status).toBe(409);
    expect((await stateOf(o.id)).state).toBe(115);

    // A's claim runs out: the order goes back to the queue and B takes it.
    await app.ctx.db.update(reviewLeases).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await claim(b.token)).data.rows.map((r) => r.order.id)).toEqual([o.id]);
    const late = await decide(a.token, {
      orderId: o.id,
      personId: o.lines[0].id,
      photoId: o.lines[0].photoId,
      verdict: 'approve',
    });
    expect(late.status).toBe(409);
    expect(late.msg).toBe('该订单已由审核员审核员乙领取，请审核您自己队列中的订单');
    const ok = await decide(b.token, {
      orderId: o.id,
      personId: o.lines[0].id,
      photoId: o.lines[0].photoId,
      verdict: 'approve',
    });
    expect(ok.data).toEqual({ state: 120, pending: 0 });
    // Decided once: a second decision finds it no longer waiting.
    const again = await decide(b.token, {
      orderId: o.id,
      personId: o.lines[0].id,
      photoId: o.lines[0].photoId,
      verdict: 'approve',
    });
    expect(again.status).toBe(409);
    expect(again.msg).toBe('该订单不在待审核状态，请刷新后重试');
  });

  it('takes two reviewers claiming at once to different orders', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    for (let i = 0; i < 6; i++) await waitingOrder(app, m.memberId, [`并发${i}`], { minutesAgo: 10 - i });
    const a = await reviewerSession(app, '甲');
    const b = await reviewerSession(app, '乙');
    const [ca, cb] = await Promise.all([claim(a.token, 4), claim(b.token, 4)]);
    const idsA = ca.data.rows.map((r) => r.order.id);
    const idsB = cb.data.rows.map((r) => r.order.id);
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([]);
    expect(idsA.length + idsB.length).toBe(6);
  });

  it('flags an order with an open refund request and leaves it out of the batches', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const held = await waitingOrder(app, m.memberId, ['退款中'], { minutesAgo: 50 });
    const free = await waitingOrder(app, m.memberId, ['正常'], { minutesAgo: 40 });
    await app.ctx.db
      .insert(refunds)
      .values({ orderId: held.id, refundNo: `RF${Date.now()}`, amountFen: 3000, status: 1, origin: 'member' });
    const a = await reviewerSession(app, '甲');
    const c = await claim(a.token);
    expect(c.data.rows.map((r) => r.order.id)).toEqual([free.id]);
    expect(c.data.refundHeld.map((r) => r.order.id)).toEqual([held.id]);
    // A refund asked after the claim: the order is flagged and no decision is taken.
    await app.ctx.db
      .insert(refunds)
      .values({ orderId: free.id, refundNo: `RF${Date.now()}b`, amountFen: 3000, status: 1, origin: 'member' });
    const again = await claim(a.token);
    expect(again.data.rows[0].refundOpen).toBe(true);
    const d = await decide(a.token, {
      orderId: free.id,
      personId: free.lines[0].id,
      photoId: free.lines[0].photoId,
      verdict: 'approve',
    });
    expect(d.status).toBe(409);
    expect((await stateOf(free.id)).state).toBe(115);
  });

  it('keeps a branch reviewer to its own branch', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const sh = await waitingOrder(app, m.memberId, ['上海'], { fy: 'SH' });
    const bj = await waitingOrder(app, m.memberId, ['北京'], { fy: 'BJ' });
    const branch = await reviewerSession(app, '北京分公司', 'branch', 'BJ');
    const c = await claim(branch.token);
    expect(c.data.rows.map((r) => r.order.id)).toEqual([bj.id]);
    const d = await decide(branch.token, {
      orderId: sh.id,
      personId: sh.lines[0].id,
      photoId: sh.lines[0].photoId,
      verdict: 'approve',
    });
    expect(d.status).toBe(404);
    expect((await stateOf(sh.id)).state).toBe(115);
  });
});
