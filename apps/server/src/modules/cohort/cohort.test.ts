import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import {
  memberMessages,
  nationalPhotoReports,
  nationalStudents,
  orderDetails,
  orders,
  payments,
  tasks,
} from '../../db/schema.ts';
import { REJECT_REASONS } from '@portal/contract/console';
import { createDevOrder } from '../dev/dev-orders.ts';
import { photoRow } from '../review/test-kit.ts';
import { call, staffSession, testApp } from '../../../test/helpers.ts';

/** School accounts (the season's staff, items 6 and 8): a school sees its own cohort, and only that. */

let app: FastifyInstance;
let pku: { id: number; featureCode: string };
let thu: { id: number };
let students: { xh: string; xm: string }[];

type Staff = Awaited<ReturnType<typeof staffSession>>;
// The answers are checked field by field below; their schemas are the contract's (cohort.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
const get = (s: Staff, url: string, headers: Record<string, string> = {}) =>
  call<Loose>(app, { method: 'GET', url, headers: { 'x-staff-token': s.token, ...headers } });
const post = (s: Staff, url: string, payload: object, headers: Record<string, string> = {}) =>
  call<Loose>(app, { method: 'POST', url, payload, headers: { 'x-staff-token': s.token, ...headers } });
/** The full ID numbers of the school's national records: none may leave in a school's answer or file. */
let fullIds: string[] = [];
const noFullId = (text: string) => expect(fullIds.filter((id) => text.includes(id))).toEqual([]);

/** A task order for one student of the national list, in `state`. */
async function orderFor(xh: string, taskId: number, state: number, extra: Partial<typeof orders.$inferInsert> = {}) {
  const o = await createDevOrder(app.ctx, { mobile: `1390000${xh.slice(-4)}`, kind: 'task', persons: 1, state });
  await app.ctx.db
    .update(orders)
    .set({ taskId, ...extra })
    .where(eq(orders.id, o.id));
  await app.ctx.db.update(orderDetails).set({ taskId, studentId: xh }).where(eq(orderDetails.orderId, o.id));
  return o;
}

beforeAll(async () => {
  app = await testApp({}, { seed: true });
  const rows = await app.ctx.db.select().from(tasks).where(eq(tasks.active, true));
  const open = rows.filter((t) => t.endTime > new Date());
  pku = open.find((t) => t.yxdm === '10001')!;
  thu = open.find((t) => t.yxdm === '10003')!;
  const records = await app.ctx.db
    .select()
    .from(nationalStudents)
    .where(eq(nationalStudents.yxdm, '10001'))
    .orderBy(nationalStudents.xh);
  students = records.map((r) => ({ xh: r.xh, xm: r.xm }));
  fullIds = records.filter((r) => r.zjhmEnc).map((r) => app.ctx.pii.decrypt(r.zjhmEnc!));
  expect(fullIds.length).toBeGreaterThan(0);
  expect(students.length).toBeGreaterThanOrEqual(4);
}, 180_000);
afterAll(() => app?.close());

describe('school accounts', () => {
  it('are created by an admin only with schools on the list, and audited with them', async () => {
    const admin = await staffSession(app, 'admin');
    const base = { username: 'pku-school', name: '北京大学学工部', role: 'school', password: 'School-pass-1' };
    const none = await post(admin, '/api/console/staff', base);
    expect(none.code).toBe(400);
    expect(none.msg).toBe('学校账号必须选择至少一所学校');
    const bad = await post(admin, '/api/console/staff', { ...base, schools: ['1000'] }, { lang: 'en' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('A school code has 5 digits');
    const unknown = await post(admin, '/api/console/staff', { ...base, schools: ['99999'] });
    expect(unknown.msg).toBe('学校代码不在学校名单中');
    const made = await post(admin, '/api/console/staff', { ...base, schools: ['10001'] });
    expect(made.code).toBe(200);
    const list = await get(admin, '/api/console/staff');
    const row = (list.data as { username: string; role: string; schools: string[] | null }[]).find(
      (s) => s.username === 'pku-school',
    )!;
    expect(row).toMatchObject({ role: 'school', schools: ['10001'] });
    // It logs in like every staff account and sees itself as a school account of 10001.
    const login = await call<Loose>(app, {
      method: 'POST',
      url: '/api/console/login',
      payload: { username: 'pku-school', password: 'School-pass-1' },
    });
    expect(login.code).toBe(200);
    expect(login.data.staff).toMatchObject({ role: 'school', schools: ['10001'] });
  });

  it("see their own school's cohort in words, searchable, with refusals and reports, and no full ID number", async () => {
    const [a, b, c, d] = students;
    await orderFor(a.xh, pku.id, 110);
    await orderFor(b.xh, pku.id, 116);
    await orderFor(c.xh, pku.id, 125, { refuseReason: '背景不是纯色' });
    const approved = await orderFor(d.xh, pku.id, 120);
    const [detail] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, approved.id));
    await app.ctx.db
      .insert(nationalPhotoReports)
      .values({ orderDetailId: detail.id, photoId: 1, status: 'accepted', reportedAt: new Date() });

    const school = await staffSession(app, 'school', null, ['10001']);
    const tasksRes = await get(school, '/api/console/cohort/tasks');
    expect(tasksRes.code).toBe(200);
    const mine = tasksRes.data as { id: number; yxdm: string; total: number; counts: Record<string, number> }[];
    expect(new Set(mine.map((t) => t.yxdm))).toEqual(new Set(['10001']));
    const current = mine.find((t) => t.id === pku.id)!;
    expect(current.total).toBe(students.length);
    expect(current.counts).toMatchObject({ submitted: 1, inReview: 1, refused: 1, reported: 1 });
    expect(current.counts.notStarted).toBe(students.length - 4);

    const refused = await get(school, `/api/console/cohort?taskId=${pku.id}&state=refused`);
    expect(refused.data.rows).toEqual([
      expect.objectContaining({
        studentId: c.xh,
        name: c.xm,
        state: 'refused',
        refuseReason: { zh: '背景不是纯色', en: '背景不是纯色' },
      }),
    ]);
    const byNumber = await get(school, `/api/console/cohort?taskId=${pku.id}&q=${b.xh.slice(-6)}`);
    expect(byNumber.data.rows.map((r: { studentId: string }) => r.studentId)).toContain(b.xh);
    const byName = await get(school, `/api/console/cohort?taskId=${pku.id}&q=${encodeURIComponent(a.xm)}`);
    expect(byName.data.rows[0]).toMatchObject({ studentId: a.xh, state: 'submitted' });
    // ID numbers only masked, never in full anywhere in the answer.
    const all = await get(school, `/api/console/cohort?taskId=${pku.id}&size=100`);
    noFullId(JSON.stringify(all.data));
    expect(all.data.rows.some((r: { idNumMask: string | null }) => /^\d{3}\*+\w{4}$/.test(r.idNumMask ?? ''))).toBe(
      true,
    );
  });

  it("never reach another school's task, nor the orders, review or staff pages", async () => {
    const school = await staffSession(app, 'school', null, ['10001']);
    const other = await get(school, `/api/console/cohort?taskId=${thu.id}`);
    expect(other.code).toBe(403);
    expect(other.msg).toBe('该采集任务不属于您的学校');
    expect((await get(school, `/api/console/cohort/entry?taskId=${thu.id}`)).code).toBe(403);
    expect((await post(school, '/api/console/cohort/export', { taskId: thu.id })).code).toBe(403);
    expect((await get(school, '/api/console/cohort?taskId=999999')).code).toBe(404);
    for (const url of ['/api/console/orders', '/api/console/review', '/api/console/staff', '/api/console/audit'])
      expect((await get(school, url)).code).toBe(403);
    // Another role never sees the cohort pages; an admin sees every school's.
    expect((await get(await staffSession(app, 'reviewer'), '/api/console/cohort/tasks')).code).toBe(403);
    const admin = await get(await staffSession(app, 'admin'), '/api/console/cohort/tasks');
    expect(new Set((admin.data as { yxdm: string }[]).map((t) => t.yxdm))).toEqual(new Set(['10001', '10003']));
    // A school account with no schools given sees nothing at all.
    const empty = await staffSession(app, 'school', null, []);
    expect((await get(empty, '/api/console/cohort/tasks')).data).toEqual([]);
  });

  it("count only their own school's orders on the dashboard", async () => {
    const thuOrder = await orderFor('x-thu-1', thu.id, 116);
    await app.ctx.db.update(orderDetails).set({ yxdm: '10003' }).where(eq(orderDetails.orderId, thuOrder.id));
    const pkuDash = await get(await staffSession(app, 'school', null, ['10001']), '/api/console/dashboard');
    const thuDash = await get(await staffSession(app, 'school', null, ['10003']), '/api/console/dashboard');
    const adminDash = await get(await staffSession(app, 'admin'), '/api/console/dashboard');
    const total = (d: unknown) => JSON.stringify(d);
    expect(pkuDash.code).toBe(200);
    expect(total(pkuDash.data)).not.toBe(total(adminDash.data));
    expect(total(thuDash.data)).not.toBe(total(pkuDash.data));
  });

  it('export the cohort as an Excel workbook in the caller language, with masked ID numbers', async () => {
    const school = await staffSession(app, 'school', null, ['10001']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/console/cohort/export',
      headers: { 'x-staff-token': school.token, lang: 'zh' },
      payload: { taskId: pku.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(2).values).toEqual(expect.arrayContaining(['学号', '姓名', '证件号码', '状态', '驳回原因']));
    expect(sheet.rowCount).toBe(2 + students.length);
    const texts = JSON.stringify(sheet.getSheetValues());
    expect(texts).toContain('背景不是纯色');
    expect(texts).toContain('已上报国家平台');
    noFullId(texts);
  });

  it('print the collection entry: the link with the school and feature code, and a QR code that reads as it', async () => {
    const school = await staffSession(app, 'school', null, ['10001']);
    const res = await get(school, `/api/console/cohort/entry?taskId=${pku.id}`);
    expect(res.code).toBe(200);
    const entry = res.data as { url: string; featureCode: string; qrDataUrl: string };
    expect(entry.featureCode).toBe(pku.featureCode);
    expect(entry.url).toMatch(new RegExp(`/home/collectFirst\\?yxdm=10001&code=${pku.featureCode}$`));
    const png = Buffer.from(entry.qrDataUrl.split(',')[1], 'base64');
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(entry.url);
  });

  it('send an approved photo of their own student back with a reason: the student is told and pays nothing again', async () => {
    const e = students[4] ?? students[0];
    const o = await orderFor(e.xh, pku.id, 120);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.id));
    await app.ctx.db
      .update(orderDetails)
      .set({ photoId: await photoRow(app, order.memberId), name: e.xm })
      .where(eq(orderDetails.orderId, o.id));
    const paymentsBefore = (await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id))).length;

    const school = await staffSession(app, 'school', null, ['10001']);
    const row = async () =>
      ((await get(school, `/api/console/cohort?taskId=${pku.id}&q=${e.xh}`)).data.rows as Loose[]).find(
        (r) => r.studentId === e.xh,
      );
    expect(await row()).toMatchObject({ state: 'approved', resettable: true });
    // Another school, a reviewer without the cohort, and a reset without a reason are all refused.
    const far = await post(await staffSession(app, 'school', null, ['10003']), '/api/console/cohort/reset', {
      taskId: pku.id,
      studentId: e.xh,
      reasonIndex: 3,
    });
    expect(far.code).toBe(403);
    expect(far.msg).toBe('该采集任务不属于您的学校');
    const reviewer = await post(await staffSession(app, 'reviewer'), '/api/console/cohort/reset', {
      taskId: pku.id,
      studentId: e.xh,
      reasonIndex: 3,
    });
    expect(reviewer.code).toBe(403);
    expect((await post(school, '/api/console/cohort/reset', { taskId: pku.id, studentId: e.xh })).code).toBe(400);
    const nobody = await post(school, '/api/console/cohort/reset', {
      taskId: pku.id,
      studentId: 'no-such',
      reasonIndex: 3,
    });
    expect(nobody.msg).toBe('该学生在此采集任务中没有订单');
    expect((await app.ctx.db.select().from(orders).where(eq(orders.id, o.id)))[0].state).toBe(120);

    const res = await post(school, '/api/console/cohort/reset', {
      taskId: pku.id,
      studentId: e.xh,
      reasonText: '照片与学籍照片不是同一人',
    });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ state: 125 });
    expect(await row()).toMatchObject({
      state: 'refused',
      resettable: false,
      refuseReason: { zh: '照片与学籍照片不是同一人', en: '照片与学籍照片不是同一人' },
    });
    const told = await app.ctx.db.select().from(memberMessages).where(eq(memberMessages.orderId, o.id));
    expect(JSON.stringify(told.map((m) => m.params))).toContain('照片与学籍照片不是同一人');
    expect((await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id))).length).toBe(paymentsBefore);
    // Once sent back it is no longer approved: a second reset says why.
    const twice = await post(school, '/api/console/cohort/reset', { taskId: pku.id, studentId: e.xh, reasonIndex: 3 });
    expect(twice.code).toBe(409);
    expect(twice.msg).toBe('只有审核通过、尚未制作的照片可以退回重拍');
  });

  it("show a person's refusal from the list in the reader's language, on screen and in the English workbook", async () => {
    const e = students.at(-1)!;
    const o = await orderFor(e.xh, pku.id, 120);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.id));
    await app.ctx.db
      .update(orderDetails)
      .set({ photoId: await photoRow(app, order.memberId), name: e.xm })
      .where(eq(orderDetails.orderId, o.id));
    const school = await staffSession(app, 'school', null, ['10001']);
    const reset = await post(school, '/api/console/cohort/reset', { taskId: pku.id, studentId: e.xh, reasonIndex: 3 });
    expect(reset.code).toBe(200);
    const rows = (await get(school, `/api/console/cohort?taskId=${pku.id}&q=${e.xh}`)).data.rows as Loose[];
    const listed = REJECT_REASONS[3]!;
    expect(rows.find((r) => r.studentId === e.xh)?.refuseReason).toEqual({ zh: listed.zh, en: listed.en });
    const res = await app.inject({
      method: 'POST',
      url: '/api/console/cohort/export',
      headers: { 'x-staff-token': school.token, lang: 'en' },
      payload: { taskId: pku.id },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(new Uint8Array(res.rawPayload).buffer);
    const texts = JSON.stringify(book.worksheets[0].getSheetValues());
    expect(texts).toContain(listed.en);
    expect(texts).not.toContain(listed.zh);
  });
});
