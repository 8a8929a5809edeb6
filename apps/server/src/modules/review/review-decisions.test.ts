import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { ClaimAnswer, DecideAnswer } from '@portal/contract/review';
import type { PhotoIssues } from '@portal/contract/orders';
import type { Dashboard } from '@portal/contract/console';
import { call, memberSession, staffCall, useTestApp } from '../../../test/helpers.ts';
import { orders, payments, reviewLeases } from '../../db/schema.ts';
import { memberPhoto } from '../orders/test-kit.ts';
import { reviewerSession, waitingOrder } from './test-kit.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const as = (lang: 'zh' | 'en') => ({ 'accept-language': lang === 'zh' ? 'zh-CN' : 'en' });
const post = <T>(token: string, url: string, payload: object, lang: 'zh' | 'en' = 'zh') =>
  call<T>(app, { method: 'POST', url, headers: { 'x-staff-token': token, ...as(lang) }, payload });
const claim = (token: string) => post<ClaimAnswer>(token, '/api/console/review/claim', {});
const decide = (token: string, payload: object, lang: 'zh' | 'en' = 'zh') =>
  post<DecideAnswer>(token, '/api/console/review/decide', payload, lang);
const orderRow = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];
const issues = (m: Awaited<ReturnType<typeof memberSession>>, id: number, lang: 'zh' | 'en' = 'zh') =>
  call<PhotoIssues>(app, { url: `/api/order/photoIssues?id=${id}`, session: m, headers: as(lang) });

async function emptyQueue() {
  await app.ctx.db.execute(sql`update orders set state = 150 where state in (115, 116)`);
  await app.ctx.db.delete(reviewLeases);
}

describe('deciding each person of an order', () => {
  it('moves the order only when every person is decided, and names the refused person to the student', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const o = await waitingOrder(app, m.memberId, ['张三', '李四']);
    const r = await reviewerSession(app, '审核员甲');
    await claim(r.token);
    const [zs, ls] = o.lines;

    const first = await decide(r.token, { orderId: o.id, personId: zs.id, photoId: zs.photoId, verdict: 'approve' });
    expect(first.data).toEqual({ state: 115, pending: 1 });
    expect((await orderRow(o.id)).state).toBe(115);
    const shown = (await claim(r.token)).data.rows[0];
    expect(shown.persons.map((p) => p.decision?.verdict ?? null)).toEqual(['approve', null]);

    // A refusal needs a reason: a 400 naming the field and the rule, nothing written.
    const bare = await decide(r.token, { orderId: o.id, personId: ls.id, photoId: ls.photoId, verdict: 'refuse' });
    expect(bare.status).toBe(400);
    expect(bare.msg).toContain('驳回原因：请选择或填写驳回原因');
    expect((await orderRow(o.id)).state).toBe(115);

    const last = await decide(r.token, {
      orderId: o.id,
      personId: ls.id,
      photoId: ls.photoId,
      verdict: 'refuse',
      reasonIndex: 1,
    });
    expect(last.data).toEqual({ state: 125, pending: 0 });
    const row = await orderRow(o.id);
    expect(row.refuseReason).toBe('李四：照片不清晰');
    const zh = await issues(m, o.id);
    expect(zh.data.reviewRefused).toMatchObject([
      { detailId: ls.id, name: '李四', verdict: 'refuse', reason: { zh: '照片不清晰', en: 'The photo is not sharp' } },
    ]);
    // The claim is gone with the decision.
    expect(await app.ctx.db.select().from(reviewLeases).where(eq(reviewLeases.orderId, o.id))).toEqual([]);
  });

  it('refuses a decision on a photo the student replaced meanwhile', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const o = await waitingOrder(app, m.memberId, ['王五']);
    const r = await reviewerSession(app, '审核员甲');
    await claim(r.token);
    const stale = await decide(r.token, {
      orderId: o.id,
      personId: o.lines[0].id,
      photoId: o.lines[0].photoId + 100000,
      verdict: 'approve',
    });
    expect(stale.status).toBe(409);
    expect(stale.msg).toBe('学生已更换照片，请刷新后重新审核');
    expect((await orderRow(o.id)).state).toBe(115);
  });

  it('shows the replaced photo beside the new one and keeps the approval of the unchanged person', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const o = await waitingOrder(app, m.memberId, ['赵六', '钱七']);
    const r = await reviewerSession(app, '审核员甲');
    await claim(r.token);
    const [a, b] = o.lines;
    await decide(r.token, { orderId: o.id, personId: a.id, photoId: a.photoId, verdict: 'approve' });
    await decide(r.token, {
      orderId: o.id,
      personId: b.id,
      photoId: b.photoId,
      verdict: 'refuse',
      reasonText: '耳朵被头发遮挡',
    });
    expect((await orderRow(o.id)).state).toBe(125);
    const en = await issues(m, o.id, 'en');
    expect(en.data.reviewRefused[0].reason).toEqual({ zh: '耳朵被头发遮挡', en: '耳朵被头发遮挡' });

    // The student replaces the photo through the order page: back to review, nothing paid again.
    const paysBefore = (await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id))).length;
    const picUrl = await memberPhoto(app, m.memberId);
    const upd = await call(app, {
      method: 'POST',
      url: '/api/order/updatePerson',
      session: m,
      payload: { id: b.id, mobile: '13800138000', mail: 'a@example.com', picUrl },
    });
    expect(upd.code).toBe(200);
    expect((await orderRow(o.id)).state).toBe(115);
    expect((await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id))).length).toBe(paysBefore);
    expect((await issues(m, o.id)).data.reviewRefused).toEqual([]);

    const again = (await claim(r.token)).data.rows.find((x) => x.order.id === o.id)!;
    const [pa, pb] = again.persons;
    expect(pa.decision?.verdict).toBe('approve');
    expect(pb.decision).toBeNull();
    expect(pb.replaced).toMatchObject({ photoId: b.photoId, reason: { zh: '耳朵被头发遮挡' } });
    expect(pb.photo!.id).not.toBe(b.photoId);
    const done = await decide(r.token, { orderId: o.id, personId: b.id, photoId: pb.photo!.id, verdict: 'approve' });
    expect(done.data).toEqual({ state: 120, pending: 0 });
  });

  it("counts the reviewer's decisions on the dashboard", async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const r = await reviewerSession(app, '审核员丙');
    const before = await staffCall<Dashboard>(app, r.token, '/api/console/dashboard');
    expect(before.data.reviewPace).toEqual({ lastHour: 0, today: 0, perHourToday: 0 });
    const o = await waitingOrder(app, m.memberId, ['孙八', '周九']);
    await claim(r.token);
    for (const l of o.lines)
      await decide(r.token, { orderId: o.id, personId: l.id, photoId: l.photoId, verdict: 'approve' });
    const after = await staffCall<Dashboard>(app, r.token, '/api/console/dashboard');
    expect(after.data.reviewPace).toEqual({ lastHour: 2, today: 2, perHourToday: 2 });
  });
});

describe('sending an approved photo back', () => {
  it('returns the order to the student naming the person, once, with nothing to pay again', async () => {
    await emptyQueue();
    const m = await memberSession(app);
    const o = await waitingOrder(app, m.memberId, ['吴十'], { state: 120, fy: 'BJ' });
    const other = await reviewerSession(app, '上海分公司', 'branch', 'SH');
    const far = await post(other.token, '/api/console/review/reset', {
      orderId: o.id,
      personId: o.lines[0].id,
      reasonIndex: 3,
    });
    expect(far.status).toBe(404);
    expect((await orderRow(o.id)).state).toBe(120);

    const branch = await reviewerSession(app, '北京分公司', 'branch', 'BJ');
    const noReason = await post(branch.token, '/api/console/review/reset', { orderId: o.id, personId: o.lines[0].id });
    expect(noReason.status).toBe(400);
    const res = await post<{ state: number }>(branch.token, '/api/console/review/reset', {
      orderId: o.id,
      personId: o.lines[0].id,
      reasonIndex: 3,
    });
    expect(res.data).toEqual({ state: 125 });
    expect((await orderRow(o.id)).refuseReason).toBe('吴十：照片与本人不符');
    const seen = await issues(m, o.id, 'en');
    expect(seen.data.reviewRefused).toMatchObject([
      { name: '吴十', verdict: 'reset', reason: { en: 'The photo does not show this person' } },
    ]);
    const twice = await post(branch.token, '/api/console/review/reset', {
      orderId: o.id,
      personId: o.lines[0].id,
      reasonIndex: 3,
    });
    expect(twice.status).toBe(409);
    expect(twice.msg).toBe('只有审核通过、尚未制作的照片可以退回重拍');
  });

  it('refuses a reprint, which prints the photo on file', async () => {
    const m = await memberSession(app);
    const o = await waitingOrder(app, m.memberId, ['郑十一'], { state: 120, kind: 'reprint' });
    const r = await reviewerSession(app, '审核员甲');
    const res = await post(
      r.token,
      '/api/console/review/reset',
      { orderId: o.id, personId: o.lines[0].id, reasonIndex: 0 },
      'en',
    );
    expect(res.status).toBe(409);
    expect(res.msg).toBe('A reprint uses the photo on file and cannot be sent back for a new one');
    expect((await orderRow(o.id)).state).toBe(120);
  });
});
