import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import { call, memberSession, staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { insertOrder } from '../../../test/order-rows.ts';
import { memberMessages, members, schools, taskStudentProofs, tasks } from '../../db/schema.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import { sandboxNotifyBody, sandboxNotifyHeaders } from '../../providers/pay/sandbox.ts';
import { createApprovedPhotos } from '../dev/dev-national-report.ts';
import { runNationalReports, startNationalReport } from '../national/staff-report.ts';
import { remindDeadlines } from './deadline.ts';
import { runNoticeSender } from './sender.ts';
import { MORNING, smsTo } from './test-kit.ts';

/**
 * Issue 36: each event other areas tell of, driven from its own route or job, reaches the member
 * in the words the notice table gives it (shipping, refunds, the national platform, deadlines).
 */

let app: FastifyInstance;
useTestApp((a) => (app = a), { national: { timeoutMs: 2000, reportBatch: 5, reportSeconds: 0, reportAttempts: 1 } });

const messagesOf = async (memberId: number) =>
  (await app.ctx.db.select().from(memberMessages).where(eq(memberMessages.memberId, memberId))).map((m) => m.kind);
const listOf = async (s: Awaited<ReturnType<typeof memberSession>>, lang: 'zh' | 'en' = 'zh') =>
  (
    await call<{ items: { kind: string; title: string; text: string }[] }>(app, {
      url: '/api/notices/list',
      session: s,
      headers: { 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' },
    })
  ).data.items;

describe('notices of the other areas, in their words', () => {
  it('shipping in the console: the carrier and tracking number, by SMS and in the portal', async () => {
    const s = await memberSession(app);
    const o = await insertOrder(
      app,
      { memberId: s.memberId, state: ORDER_STATE.IN_PRODUCTION, payTime: new Date(), shippingTypeName: '顺丰速运' },
      { name: '王五', fy: 'BJ', schoolName: '北京大学', yxdm: '10001' },
    );
    const prod = await staffSession(app, 'production');
    const shipped = await staffCall(app, prod.token, '/api/console/orders/transition', {
      ids: [o.id],
      action: 'ship',
      carrier: '顺丰速运',
      waybillNos: ['SF7700112233445'],
    });
    expect(shipped.code).toBe(200);
    const [zh] = await listOf(s);
    expect(zh.title).toBe('订单已发货');
    expect(zh.text).toContain(`您的订单${o.orderNo}已发货，承运快递：顺丰速运，运单号：SF7700112233445。`);
    const [en] = await listOf(s, 'en');
    expect(en.text).toContain('has shipped with 顺丰速运, tracking number SF7700112233445');
    await runNoticeSender(app.ctx, MORNING);
    expect((await smsTo(app, s.mobile))[0]!.text).toContain('运单号：SF7700112233445');
  });

  it('a refund refused by finance: the amount and the reason', async () => {
    const mobile = '13800007701';
    const o = await createDevOrder(app.ctx, { mobile, kind: 'individual' });
    const s = await memberSession(app, mobile);
    // Paid through the sandbox platform, as the cashier page and its signed notification do.
    const pay = await call<{ paymentNo: string; amountFen: number }>(app, {
      method: 'POST',
      url: '/api/pay/getPayInfo',
      payload: { id: o.id, payType: 2 },
      session: s,
    });
    const sandbox = app.ctx.pay.sandbox!;
    await sandbox.complete(pay.data.paymentNo, 'paid');
    const trade = (await sandbox.trade(pay.data.paymentNo))!;
    const body = sandboxNotifyBody(trade, 'paid', sandbox.merchantId, pay.data.amountFen);
    const ack = await app.inject({
      method: 'POST',
      url: '/api/pay/notify/wechat',
      headers: sandboxNotifyHeaders(sandbox.key, body),
      payload: body,
    });
    expect(ack.statusCode).toBe(204);
    const asked = await call<{ id: number }>(app, { url: `/api/pay/refund?id=${o.id}`, session: s });
    expect([asked.code, asked.msg]).toEqual([200, '退款申请已提交']);
    const fin = await staffSession(app, 'finance');
    const refused = await staffCall(app, fin.token, `/api/console/refunds/${asked.data.id}/refuse`, {
      reason: '照片已制作',
    });
    expect(refused.code).toBe(200);
    const [zh] = await listOf(s);
    expect(zh.title).toBe('退款申请未通过');
    expect(zh.text).toContain(`您的订单${o.orderNo}的退款申请（45.00元）未通过，原因：照片已制作。`);
    await runNoticeSender(app.ctx, MORNING);
    expect((await smsTo(app, mobile))[0]!.text).toContain('未通过，原因：照片已制作');
  });

  it('a photo the national platform turns down: the person, the platform reason and a date to replace it by', async () => {
    const mobile = '13800007702';
    await createApprovedPhotos(app.ctx, { mobile, yxdm: '10001', known: 0, unknown: 1 });
    const [m] = await app.ctx.db.select().from(members).where(eq(members.mobile, mobile));
    const prod = await staffSession(app, 'production');
    await startNationalReport(
      app.ctx,
      { staffId: prod.staffId, sessionId: 0, username: 'p', name: 'p', role: 'production', branch: null },
      { yxdm: '10001' },
    );
    await runNationalReports(app.ctx, app.log);
    expect(await messagesOf(m.id)).toContain('nationalRefused');
    const s = await memberSession(app, mobile);
    const zh = (await listOf(s)).find((x) => x.kind === 'nationalRefused')!;
    expect(zh.title).toBe('照片未通过全国学籍平台审核');
    expect(zh.text).toMatch(/中未登记学生1的照片未通过全国学籍平台审核，原因：.+。请于\d{4}-\d{2}-\d{2}前登录/);
  });

  it('a centralised task closing in three days: one SMS to each matched student without an accepted photo', async () => {
    const [school] = await app.ctx.db.select().from(schools).where(eq(schools.yxdm, '10001'));
    if (!school) await app.ctx.db.insert(schools).values({ yxdm: '10001', name: '北京大学', searchName: '北京大学' });
    const now = new Date('2027-05-28T02:00:00Z'); // 10:00 China time
    const [task] = await app.ctx.db
      .insert(tasks)
      .values({
        yxdm: '10001',
        featureCode: 'NOTICE77',
        nameZh: '2027 届毕业生图像采集',
        nameEn: 'Class of 2027 photos',
        priceFen: 4000,
        endTime: new Date('2027-05-30T15:59:00Z'),
        fy: 'BJ',
      })
      .returning();
    const waiting = await memberSession(app, '13800007703');
    const done = await memberSession(app, '13800007704');
    for (const [s, xh] of [
      [waiting, 'N7703'],
      [done, 'N7704'],
    ] as const)
      await app.ctx.db
        .insert(taskStudentProofs)
        .values({ memberId: s.memberId, taskId: task.id, xh, expiresAt: new Date('2027-12-31T00:00:00Z') });
    await insertOrder(app, { memberId: done.memberId, state: ORDER_STATE.TO_BE_MADE, kind: 'task', taskId: task.id });

    expect(await remindDeadlines(app.ctx, now)).toBeGreaterThanOrEqual(1);
    await remindDeadlines(app.ctx, now);
    await runNoticeSender(app.ctx, now);
    const sms = await smsTo(app, '13800007703');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toContain('北京大学的集中采集将于2027-05-30截止，您还没有通过审核的照片');
    expect(await smsTo(app, '13800007704')).toHaveLength(0);
  });
});
