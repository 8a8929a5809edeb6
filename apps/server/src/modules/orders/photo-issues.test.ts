import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { PhotoIssues, NationalRejection } from '@portal/contract/orders';
import { nationalPhotoReports, orderDetails, orders, payments, photos } from '../../db/schema.ts';
import { call, staffCall, memberSession, staffSession, type Session } from '../../../test/helpers.ts';
import { createdOrder, useAppWithMembers } from '../../../test/member-apps.ts';
import { photoUrl, storePhotoBytes } from '../photos/photo-service.ts';
import { consent, person, shipping } from './test-kit.ts';

let app: FastifyInstance;
let me: Session & { mobile: string };
let carrierId: number;
useAppWithMembers((t) => ({ app, carrierId, me } = t), {
  orders: true,
  consent: true,
  profiles: [{ name: '张三', isFirst: false }],
});

/** A face: 128 numbers from a seed; `jitter` moves it by about that distance (the same person photographed again). */
function face(seed: number, jitter = 0): number[] {
  const v = Array.from({ length: 128 }, (_, i) => Math.sin(seed * 97.13 + i * 12.9898) * 0.12);
  return jitter ? v.map((x, i) => x + (i % 2 ? jitter : -jitter) / Math.sqrt(128)) : v;
}

/** A passed photo of the member with this face descriptor (what the photo check stores). */
async function photoOf(s: Session, descriptor: number[]): Promise<string> {
  const bytes = await readFile(new URL('../../../test/fixtures/photos/compliant-1.jpg', import.meta.url));
  const p = await storePhotoBytes(app.ctx, s.memberId, bytes, 'upload');
  await app.ctx.db.update(photos).set({ descriptor }).where(eq(photos.id, p.id));
  return photoUrl(app.ctx, p);
}

function personOf(url: string, name: string) {
  const p = person(url, { name });
  usedIds.set(app.ctx.pii.blindIndex(p.id_num as string), p.id_num as string);
  return p;
}

async function orderWith(s: Session, faces: number[][], names = ['张三', '李四', '王五']): Promise<number> {
  const first = await createdOrder(app, s, personOf(await photoOf(s, faces[0]), names[0]));
  for (let i = 1; i < faces.length; i++) {
    const r = await call(app, {
      method: 'POST',
      url: '/api/order/addPerson2Order',
      payload: { ...personOf(await photoOf(s, faces[i]), names[i]), order_id: first },
      session: s,
    });
    expect(r.code).toBe(200);
  }
  const ship = await call(app, {
    method: 'POST',
    url: '/api/order/updateShipping',
    payload: { id: first, ...shipping(carrierId) },
    session: s,
  });
  expect(ship.code).toBe(200);
  return first;
}

const usedIds = new Map<string, string>();
/** The clear ID number behind a line's blind index (the test made it). */
const idOf = (hash: string | null) => usedIds.get(hash ?? '')!;

const pay = (id: number, s = me) =>
  call<{ paid: boolean }>(app, { method: 'POST', url: '/api/pay/getPayInfo', payload: { id, payType: 2 }, session: s });
const issues = (id: number, s = me) => call<PhotoIssues>(app, { url: `/api/order/photoIssues?id=${id}`, session: s });
const paymentCount = async (id: number) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.orderId, id))).length;

describe('one face for one student', () => {
  it('refuses to pay an order with the same face for three students and names them; nothing is charged', async () => {
    const id = await orderWith(me, [face(1), face(1, 0.1), face(1, 0.05)]);
    const r = await pay(id);
    expect([r.code, r.msg]).toEqual([409, '同一张人脸不能用于多名学生']);
    expect(await paymentCount(id)).toBe(0);
    const en = await call(app, {
      method: 'POST',
      url: '/api/pay/getPayInfo',
      payload: { id, payType: 2 },
      session: me,
      headers: { 'accept-language': 'en' },
    });
    expect(en.msg).toBe('The same face cannot be used for more than one student');
    const i = await issues(id);
    expect(i.data.sameFace.map((m) => [m.name, m.otherName, m.otherOrderNo])).toEqual([
      ['张三', '王五', null],
      ['李四', '王五', null],
      ['王五', '张三', null],
    ]);
    // The reviewer sees the same matches in words on the order page.
    const staff = await staffSession(app, 'admin');
    const page = await call<{ persons: { name: string; sameFace: { name: string; orderNo: string | null }[] }[] }>(
      app,
      { url: `/api/console/orders/${id}`, headers: { 'x-staff-token': staff.token } },
    );
    expect(page.data.persons.map((p) => [p.name, p.sameFace])).toEqual([
      ['张三', [{ name: '王五', orderNo: null }]],
      ['李四', [{ name: '王五', orderNo: null }]],
      ['王五', [{ name: '张三', orderNo: null }]],
    ]);
  });

  it('pays an order of different faces, and the same student twice on two orders is no conflict', async () => {
    const id = await orderWith(me, [face(2), face(3)]);
    expect((await issues(id)).data.sameFace).toEqual([]);
    const r = await pay(id);
    expect(r.code).toBe(200);
    expect(await paymentCount(id)).toBe(1);
    // The same student (same ID number) with a new photo on a second order.
    const [first] = await app.ctx.db
      .select()
      .from(orderDetails)
      .where(eq(orderDetails.orderId, id))
      .orderBy(orderDetails.id);
    const again = await call<number>(app, {
      method: 'POST',
      url: '/api/order/createCollectionOrder',
      payload: person(await photoOf(me, face(2, 0.05)), { name: first.name, id_num: idOf(first.idNumHash) }),
      session: me,
    });
    expect((await issues(again.data)).data.sameFace).toEqual([]);
  });

  it("compares with the member's other orders this season, not with closed ones", async () => {
    const s = await memberSession(app, undefined, { isFirst: false });
    await consent(app, s);
    const earlier = await orderWith(s, [face(4)], ['赵六']);
    const later = await orderWith(s, [face(4, 0.1)], ['钱七']);
    expect((await pay(later, s)).msg).toBe('同一张人脸不能用于多名学生');
    const [{ orderNo: earlierNo }] = await app.ctx.db.select().from(orders).where(eq(orders.id, earlier));
    expect((await issues(later, s)).data.sameFace).toMatchObject([
      { name: '钱七', otherName: '赵六', otherOrderNo: earlierNo },
    ]);
    await app.ctx.db.update(orders).set({ state: 150 }).where(eq(orders.id, earlier));
    expect((await pay(later, s)).code).toBe(200);
  });

  it("answers another member's order with 403 and tells nothing", async () => {
    const id = await orderWith(me, [face(5)]);
    const other = await memberSession(app, undefined, { isFirst: false });
    const r = await issues(id, other);
    expect([r.code, r.data]).toEqual([403, null]);
  });
});

describe('a photo the national platform refused after completion', () => {
  it('shows the reason to the owner, lets the photo be replaced in a completed order, and leaves reprints out of the report', async () => {
    const id = await orderWith(me, [face(6)], ['孙八']);
    const [line] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, id));
    await app.ctx.db.update(orders).set({ state: 145 }).where(eq(orders.id, id));
    await app.ctx.db.insert(nationalPhotoReports).values({
      orderDetailId: line.id,
      photoId: line.photoId!,
      status: 'rejected',
      reason: '背景颜色不符合要求',
      reportedAt: new Date(),
    });

    const mine = await call<NationalRejection[]>(app, { url: '/api/order/photoRejections', session: me });
    expect(mine.data).toMatchObject([{ orderId: id, name: '孙八', reason: '背景颜色不符合要求', kind: 'individual' }]);
    expect((await issues(id)).data.nationalRejected).toMatchObject([
      { detailId: line.id, reason: '背景颜色不符合要求' },
    ]);
    const stranger = await memberSession(app, undefined, { isFirst: false });
    expect(
      (await call<NationalRejection[]>(app, { url: '/api/order/photoRejections', session: stranger })).data,
    ).toEqual([]);

    // The completed order takes a new photo for that line only, and the refusal is then behind it.
    const fixed = await call(app, {
      method: 'POST',
      url: '/api/order/updatePerson',
      payload: { id: line.id, mobile: '13800138000', mail: 'a@example.com', picUrl: await photoOf(me, face(6, 0.05)) },
      session: me,
    });
    expect(fixed.code).toBe(200);
    expect((await issues(id)).data.nationalRejected).toEqual([]);
    const [after] = await app.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(after.state).toBe(145);
    const again = await call(app, {
      method: 'POST',
      url: '/api/order/updatePerson',
      payload: { id: line.id, mobile: '13800138000', mail: 'a@example.com', picUrl: await photoOf(me, face(6)) },
      session: me,
    });
    expect([again.code, again.msg]).toEqual([409, '当前订单状态不允许修改照片']);
  });

  it('national export and report leave reprint orders out', async () => {
    const staff = await staffSession(app, 'admin');
    const { createDevOrder } = await import('../dev/dev-orders.ts');
    const reprint = await createDevOrder(app.ctx, { mobile: me.mobile, kind: 'reprint' });
    const bytes = await readFile(new URL('../../../test/fixtures/photos/compliant-1.jpg', import.meta.url));
    const p = await storePhotoBytes(app.ctx, me.memberId, bytes, 'national');
    await app.ctx.db.update(orders).set({ state: 145 }).where(eq(orders.id, reprint.id));
    await app.ctx.db
      .insert(orderDetails)
      .values({ orderId: reprint.id, name: '周九', yxdm: '10009', studentId: '2020009', photoId: p.id });
    const r = await staffCall(app, staff.token, '/api/console/national-report', { yxdm: '10009' });
    expect([r.code, r.msg]).toEqual([400, '范围内没有审核通过的照片']);
    const zip = await staffCall(app, staff.token, '/api/console/national-export', { yxdm: '10009' });
    expect(zip.code).toBe(400);
    expect(await app.ctx.db.select().from(nationalPhotoReports).where(eq(nationalPhotoReports.photoId, p.id))).toEqual(
      [],
    );
  });
});
