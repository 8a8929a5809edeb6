import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, memberSession, staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { members, memberMessages } from '../../db/schema.ts';
import { withTx } from '../../db/tx.ts';
import { enqueueNotice } from './enqueue.ts';
import { runNoticeSender } from './sender.ts';
import { countNotices } from './sender.ts';
import { deliveriesOf, MORNING, NIGHT, orderInReview, refuseInConsole, smsTo } from './test-kit.ts';

/** Issue 36: notices written with their event, sent once, never at night, within the limits. */

let app: FastifyInstance;
useTestApp((a) => (app = a));

const send = (now: Date) => runNoticeSender(app.ctx, now);

async function notice(memberId: number, kind: 'shipped' | 'taskDeadline' | 'parcelSigned', key: string) {
  await withTx(app.ctx, (t) =>
    enqueueNotice(t.db, {
      kind,
      memberId,
      eventKey: key,
      params: {
        orderNo: 'T1',
        carrier: '顺丰速运',
        waybillNo: 'SF1',
        school: '北京大学',
        deadline: '2026-06-12',
        link: '/home/logistics',
      },
    }),
  );
}

describe('a refusal in the console', () => {
  it('becomes an unread message naming the person and the reason, and one SMS in the outbox', async () => {
    const s = await memberSession(app);
    const o = await orderInReview(app, s.memberId, '李华');
    await refuseInConsole(app, o.id, '背景不是纯色');

    const unread = await call<{ unread: number }>(app, { url: '/api/notices/unread', session: s });
    expect(unread.data.unread).toBe(1);
    const list = await call<{ items: { title: string; text: string; link: string; read: boolean }[] }>(app, {
      url: '/api/notices/list',
      session: s,
    });
    expect(list.data.items[0]!.title).toBe('照片未通过审核');
    expect(list.data.items[0]!.text).toContain(`您的订单${o.orderNo}中李华的照片未通过审核，原因：背景不是纯色。请于`);
    expect(list.data.items[0]!.link).toBe(`/home/orderDetails?id=${o.id}&con=xiangqing`);
    // Nothing is sent before the sender runs: the SMS was written with the decision, not sent in it.
    expect(await smsTo(app, s.mobile)).toHaveLength(0);

    expect((await send(MORNING)).sent).toBe(1);
    const sms = await smsTo(app, s.mobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('李华的照片未通过审核，原因：背景不是纯色');
    expect(sms[0]!.code).toBeNull();
    // A second pass sends nothing again.
    expect((await send(MORNING)).sent).toBe(0);
    expect(await smsTo(app, s.mobile)).toHaveLength(1);

    const read = await call<{ unread: number }>(app, {
      method: 'POST',
      url: '/api/notices/read',
      payload: {},
      session: s,
    });
    expect(read.data.unread).toBe(0);
  });

  it('lists the notices of the order in the console, and another member reads none of them', async () => {
    const s = await memberSession(app);
    const other = await memberSession(app);
    const o = await orderInReview(app, s.memberId);
    await refuseInConsole(app, o.id, '照片模糊');
    await send(MORNING);
    const staff = await staffSession(app, 'reviewer');
    const rows = await staffCall<{ channel: string; state: string; kind: string }[]>(
      app,
      staff.token,
      `/api/console/orders/${o.id}/notices`,
    );
    expect(rows.data.map((r) => `${r.kind}/${r.channel}/${r.state}`).sort()).toEqual([
      'photoRefused/portal/sent',
      'photoRefused/sms/sent',
    ]);
    const theirs = await call<{ total: number }>(app, { url: '/api/notices/list', session: other });
    expect(theirs.data.total).toBe(0);
    const [msg] = await app.ctx.db.select().from(memberMessages).where(eq(memberMessages.memberId, s.memberId));
    await call(app, { method: 'POST', url: '/api/notices/read', payload: { id: msg!.id }, session: other });
    const still = await call<{ unread: number }>(app, { url: '/api/notices/unread', session: s });
    expect(still.data.unread).toBe(1);
  });
});

describe('quiet hours and limits (controlled clock)', () => {
  it('keeps an SMS written at 22:00 China time until 08:00; the in-portal message is there at once', async () => {
    const s = await memberSession(app);
    await notice(s.memberId, 'shipped', `night-${s.memberId}`);
    const night = await send(NIGHT);
    expect(night.deferred).toBe(1);
    expect(await smsTo(app, s.mobile)).toHaveLength(0);
    const [d] = await deliveriesOf(app, s.memberId);
    expect(d!.nextAttemptAt.toISOString()).toBe('2027-01-14T00:00:00.000Z');
    expect(d!.attempts).toBe(0);
    expect((await send(new Date('2027-01-13T23:59:00Z'))).sent).toBe(0);
    expect((await send(new Date('2027-01-14T00:00:00Z'))).sent).toBe(1);
    expect(await smsTo(app, s.mobile)).toHaveLength(1);
  });

  it('sends at most the daily limit of SMS to a member: a required one waits for the next day, an optional one is dropped', async () => {
    const s = await memberSession(app);
    for (let i = 0; i < 4; i++) await notice(s.memberId, 'shipped', `limit-${s.memberId}-${i}`);
    await notice(s.memberId, 'taskDeadline', `limit-${s.memberId}-opt`);
    const r = await send(MORNING);
    expect(r.sent).toBe(3);
    expect(await smsTo(app, s.mobile)).toHaveLength(3);
    const rows = await deliveriesOf(app, s.memberId);
    expect(rows.map((d) => d.state)).toEqual(['sent', 'sent', 'sent', 'pending', 'skipped']);
    // The next morning, China time.
    expect(rows[3]!.nextAttemptAt.toISOString()).toBe('2027-01-14T00:00:00.000Z');
    expect((await send(new Date('2027-01-14T00:30:00Z'))).sent).toBe(1);
  });

  it('never sends to a member who deactivated', async () => {
    const s = await memberSession(app);
    await notice(s.memberId, 'shipped', `gone-${s.memberId}`);
    await app.ctx.db.update(members).set({ status: 'deactivated' }).where(eq(members.id, s.memberId));
    expect((await send(MORNING)).skipped).toBe(1);
    expect(await smsTo(app, s.mobile)).toHaveLength(0);
    // And nothing is written for one already gone.
    await notice(s.memberId, 'shipped', `gone-again-${s.memberId}`);
    expect(await deliveriesOf(app, s.memberId)).toHaveLength(1);
  });
});

describe('the optional notices', () => {
  it('are off when the member turns them off; the required ones have no switch', async () => {
    const s = await memberSession(app);
    const saved = await call<{ taskDeadline: boolean; parcelSigned: boolean }>(app, {
      method: 'POST',
      url: '/api/notices/prefs',
      payload: { taskDeadline: false, parcelSigned: false },
      session: s,
    });
    expect(saved.data).toEqual({ taskDeadline: false, parcelSigned: false });
    await notice(s.memberId, 'parcelSigned', `opt-${s.memberId}-signed`);
    await notice(s.memberId, 'taskDeadline', `opt-${s.memberId}-deadline`);
    await notice(s.memberId, 'shipped', `opt-${s.memberId}-shipped`);
    await send(MORNING);
    const sms = await smsTo(app, s.mobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('已发货');
    const list = await call<{ items: { kind: string }[] }>(app, { url: '/api/notices/list', session: s });
    expect(list.data.items.map((i) => i.kind)).toEqual(['shipped']);
  });

  it('refuses a switch that is not true or false with a 400 naming the rule', async () => {
    const s = await memberSession(app);
    const r = await call(app, {
      method: 'POST',
      url: '/api/notices/prefs',
      payload: { taskDeadline: 'no', parcelSigned: true },
      session: s,
    });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('请选择是否接收该通知');
  });
});

describe('metrics', () => {
  it('counts notices by kind, channel and state at /metrics', async () => {
    const s = await memberSession(app);
    await notice(s.memberId, 'shipped', `metrics-${s.memberId}`);
    await send(MORNING);
    await countNotices(app.ctx);
    const res = await app.inject({ url: '/metrics' });
    expect(res.body).toMatch(/notices\{kind="shipped",channel="sms",state="sent"\} [1-9]/);
    expect(res.body).toMatch(/notices\{kind="shipped",channel="portal",state="sent"\} [1-9]/);
  });
});
