import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, bindings, nationalStudents, orders, refunds } from '../../db/schema.ts';
import { call, memberSession, staffCall, staffSession, type Session } from '../../../test/helpers.ts';
import { useAppWithMembers } from '../../../test/member-apps.ts';
import { shipping } from '../orders/test-kit.ts';
import { photoUrl, storePhotoBytes } from '../photos/photo-service.ts';
import { makeIdNumber } from '../national/seed.ts';

/**
 * Issue 32 item 3: a binding that loses a dispute loses the photo on file everywhere at once.
 * While the dispute is open, no path serves, prints or takes payment for the earlier binder's
 * reprint orders; when staff give the record to the student who proved identity, those orders
 * are closed (a paid one refunded) in the decision's transaction, and the order says why.
 */
process.env.PAY_SANDBOX_NOTIFY_DELAY_MS = '20';
let app: FastifyInstance;
let carrierId = 0;
let portrait: Buffer;
let seq = 0;

beforeAll(async () => {
  portrait = await readFile(new URL('../../../test/fixtures/photos/compliant-1.jpg', import.meta.url));
});
useAppWithMembers(
  (t) => {
    app = t.app;
    carrierId = t.carrierId;
  },
  { orders: true, config: { publicUrl: 'https://photo.example.cn' } },
);

const LOST_ZH = '客服核实该学籍属于另一位已证明身份的学生，您的绑定已解除，本订单已关闭，已付款项将原路退回';
const LOST_EN =
  'Customer service found that this student record belongs to another student who proved their identity: your binding has ended, this order is closed and any payment goes back the way it came';
const SUSPENDED_ZH = '您的绑定因身份争议已暂停，请联系客服';

/** A national record at school 10001 with a real photo on file, held by a member bound without proof. */
async function heldRecord() {
  const xh = `DS${Date.now() % 100000}${++seq}`;
  const idCard = makeIdNumber('440305', '20020918', 200 + seq);
  const photo = await storePhotoBytes(app.ctx, null, portrait, 'national');
  const [s] = await app.ctx.db
    .insert(nationalStudents)
    .values({
      xh,
      xm: '陈小明',
      yxdm: '10001',
      schoolName: '北京大学',
      education: 2,
      hasPhoto: true,
      photoId: photo.id,
      photoCount: 1,
      zjhmEnc: app.ctx.pii.encrypt(idCard),
      zjhmHash: app.ctx.pii.blindIndex(idCard),
    })
    .returning();
  const holder = await memberSession(app, undefined, { name: '陈小明' });
  await app.ctx.db
    .insert(bindings)
    .values({ memberId: holder.memberId, yxdm: '10001', studentId: xh, nationalStudentId: s.id, state: 1 });
  return { record: { ...s, idCard }, holder, photo };
}

/** A reprint order of the holder with a receiver, through the member's own calls. */
async function washOrder(holder: Session, recordId: number): Promise<number> {
  const o = await call<number>(app, {
    method: 'POST',
    url: '/api/order/createWashOrder',
    payload: { dist: 0, num: 2, thirdStudentId: String(recordId) },
    session: holder,
  });
  expect(o.code).toBe(200);
  const s = await call(app, {
    method: 'POST',
    url: '/api/order/updateShipping',
    payload: { id: o.data, ...shipping(carrierId) },
    session: holder,
  });
  expect(s.code).toBe(200);
  return o.data;
}

const payInfo = (session: Session, id: number, lang = 'zh') =>
  call<{ paymentNo?: string }>(app, {
    method: 'POST',
    url: '/api/pay/getPayInfo',
    payload: { id, payType: 2 },
    session,
    headers: { lang },
  });
const stateOf = async (id: number) => (await app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;

async function paid(holder: Session, id: number) {
  const p = await payInfo(holder, id);
  expect(p.code).toBe(200);
  await app.inject({ method: 'POST', url: `/sandbox/pay/${p.data.paymentNo}/pay` });
  for (let i = 0; i < 100 && (await stateOf(id)).state !== 120; i++) await new Promise((r) => setTimeout(r, 20));
  expect((await stateOf(id)).state).toBe(120);
}

const orderPage = (session: Session, id: number) =>
  call<{ orderDetails: { picUrl: string | null }[] }>(app, {
    url: `/api/order/findOrderAndOrderDetails?id=${id}`,
    session,
  });
const washPage = (session: Session, id: number, lang = 'zh') =>
  call<{ order: { state: number; notice: string | null; canPay: boolean }; orderDetails: { picUrl: string | null }[] }>(
    app,
    { url: `/api/order/findWashOrderAndOrderDetails?id=${id}`, session, headers: { lang } },
  );
const download = (session: Session, id: number) =>
  app.inject({
    url: `/api/img/downloadPhoto?id=${id}`,
    headers: { authorization: `Bearer ${session.token}`, memberid: String(session.memberId) },
  });
const fetchPhoto = (url: string) => app.inject({ url });

async function openDispute(record: { xh: string; idCard: string }) {
  const claimant = await memberSession(app);
  const res = await call(app, {
    method: 'POST',
    url: '/api/binding/binding',
    payload: { studentId: record.xh, yxdm: '10001', idType: 1, idNum: record.idCard },
    session: claimant,
  });
  expect(res.code).toBe(409);
  const reviewer = await staffSession(app, 'reviewer');
  const list = await staffCall<{ id: number; studentId: string }[]>(
    app,
    reviewer.token,
    '/api/console/binding-disputes',
  );
  const d = list.data.find((x) => x.studentId === record.xh)!;
  return { claimant, reviewer, disputeId: d.id };
}

describe('the earlier binder of a disputed record', () => {
  it('gets no photo, no download and no payment while the dispute is open, on any page or address', async () => {
    const { record, holder, photo } = await heldRecord();
    const unpaid = await washOrder(holder, record.id);
    const bought = await washOrder(holder, record.id);
    await paid(holder, bought);
    // a member's plain photo address never serves a photo on file (the order page gave one before);
    // the console's does
    expect((await fetchPhoto(photoUrl(app.ctx, photo))).statusCode).toBe(403);
    expect((await fetchPhoto(photoUrl(app.ctx, photo, 'staff'))).statusCode).toBe(200);
    // before the dispute the order page's photo, the download and paying all work
    const before = await orderPage(holder, bought);
    const link = before.data.orderDetails[0]!.picUrl!;
    expect((await fetchPhoto(link)).statusCode).toBe(200);
    expect((await download(holder, bought)).statusCode).toBe(200);
    const washLink = (await washPage(holder, bought)).data.orderDetails[0]!.picUrl!;
    expect((await fetchPhoto(washLink)).statusCode).toBe(200);

    await openDispute(record);

    // the addresses handed out before are dead, and the pages hand out none
    expect((await fetchPhoto(link)).statusCode).toBe(403);
    expect((await fetchPhoto(washLink)).statusCode).toBe(403);
    const during = await orderPage(holder, bought);
    for (const l of during.data.orderDetails) if (l.picUrl) expect((await fetchPhoto(l.picUrl)).statusCode).toBe(403);
    const dl = await download(holder, bought);
    expect(dl.statusCode).toBe(409);
    expect(dl.json()).toMatchObject({ code: 409, msg: SUSPENDED_ZH });
    const pay = await payInfo(holder, unpaid);
    expect([pay.code, pay.msg]).toEqual([409, SUSPENDED_ZH]);
    const payEn = await payInfo(holder, unpaid, 'en');
    expect(payEn.msg).toBe(
      'Your binding is suspended while customer service reviews a dispute; please call customer service',
    );
    expect((await stateOf(unpaid)).state).toBe(110);
    const page = await washPage(holder, unpaid);
    expect(page.data.order).toMatchObject({ state: 110, notice: SUSPENDED_ZH, canPay: false });
    expect(page.data.orderDetails[0]!.picUrl).toBeNull();
    // nor does the print shop start on the paid one
    const printer = await staffSession(app, 'admin');
    const produce = await staffCall(app, printer.token, '/api/console/orders/transition', {
      ids: [bought],
      action: 'produce',
    });
    expect([produce.code, produce.msg]).toEqual([409, '该冲印订单的学籍绑定正在争议中或已解除，照片不能制作']);
    expect((await stateOf(bought)).state).toBe(120);
  });

  it('the print list shows no photo of a suspended binding’s order; restored, everything works again', async () => {
    const { record, holder } = await heldRecord();
    const bought = await washOrder(holder, record.id);
    await paid(holder, bought);
    const printer = await staffSession(app, 'admin');
    const produce = await staffCall(app, printer.token, '/api/console/orders/transition', {
      ids: [bought],
      action: 'produce',
    });
    expect(produce.code).toBe(200);
    const printList = async () =>
      (
        await staffCall<{ persons: { photo: { url: string | null } | null }[] }[]>(
          app,
          printer.token,
          `/api/console/packing-list?ids=${bought}`,
        )
      ).data[0]!.persons[0]!.photo!.url;
    const printUrl = (await printList())!;
    expect((await fetchPhoto(printUrl)).statusCode).toBe(200);

    const { reviewer, disputeId } = await openDispute(record);
    expect(await printList()).toBeNull();

    const res = await staffCall(app, reviewer.token, `/api/console/binding-disputes/${disputeId}/resolve`, {
      outcome: 'holder',
    });
    expect(res.code).toBe(200);
    expect((await fetchPhoto((await printList())!)).statusCode).toBe(200);
    expect((await download(holder, bought)).statusCode).toBe(200);
    expect((await stateOf(bought)).state).toBe(130);
  });

  it('losing the dispute closes the open orders, refunds the paid one, and the order page says why', async () => {
    const { record, holder } = await heldRecord();
    const unpaid = await washOrder(holder, record.id);
    const bought = await washOrder(holder, record.id);
    await paid(holder, bought);
    const link = (await orderPage(holder, bought)).data.orderDetails[0]!.picUrl!;
    const { claimant, reviewer, disputeId } = await openDispute(record);

    const res = await staffCall(app, reviewer.token, `/api/console/binding-disputes/${disputeId}/resolve`, {
      outcome: 'claimant',
    });
    expect(res.code).toBe(200);

    for (const id of [unpaid, bought]) {
      const o = await stateOf(id);
      expect(o.state).toBe(150);
      const page = await washPage(holder, id);
      expect(page.data.order).toMatchObject({ state: 150, notice: LOST_ZH, canPay: false });
      expect((await washPage(holder, id, 'en')).data.order.notice).toBe(LOST_EN);
      const [closing] = await app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'order.close'), eq(auditLog.targetId, String(id))));
      expect(closing).toMatchObject({ actorKind: 'staff', actorId: reviewer.staffId });
      expect(closing!.after).toMatchObject({ state: 150, disputeId });
    }
    // the paid order's money went back through the refund machinery
    const back = await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, bought));
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ status: 4, amountFen: (await stateOf(bought)).totalFen, origin: 'member' });
    expect(await app.ctx.db.select().from(refunds).where(eq(refunds.orderId, unpaid))).toHaveLength(0);
    const status = await call<{ status: number } | null>(app, {
      url: `/api/refund/status?id=${bought}`,
      session: holder,
    });
    expect(status.data?.status).toBe(4);

    // nothing of the photo is reachable any more, and the closed order cannot be paid
    expect((await fetchPhoto(link)).statusCode).toBe(403);
    expect((await download(holder, bought)).statusCode).toBe(409);
    expect((await payInfo(holder, unpaid)).code).toBe(409);
    // the student who proved identity now sees the record
    const mine = await call<{ picUrl: string }[]>(app, { url: '/api/binding/findWashStudentInfo', session: claimant });
    expect((await fetchPhoto(mine.data[0]!.picUrl)).statusCode).toBe(200);
  });
});
