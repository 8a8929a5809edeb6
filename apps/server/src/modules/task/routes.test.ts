import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, memberSession, testApp, type Session } from '../../../test/helpers.ts';
import { consents, orderDetails, orders } from '../../db/schema.ts';
import { photoOf, seedTaskFixtures, taskEnd } from './test-fixtures.ts';
import { DEMO_CODES } from './seed.ts';

const { pku: PKU, thu: THU, pkuOld: PKU_OLD } = DEMO_CODES;

let app: FastifyInstance;
let fx: Awaited<ReturnType<typeof seedTaskFixtures>>;

beforeAll(async () => {
  app = await testApp();
  fx = await seedTaskFixtures(app);
});
afterAll(async () => app.close());

const mosaic = (yxdm: string, signature: string) =>
  call<number>(app, {
    method: 'GET',
    url: `/api/baseInfo/getTaskIsMosaic?yxdm=${yxdm}&signature=${encodeURIComponent(signature)}`,
  });
const match = (s: Session | undefined, yxdm: string, signature: string, studentId: string) =>
  call<{ flag: number; row: number; bh: string; status?: number; prefill: Record<string, unknown> }>(app, {
    method: 'GET',
    url: `/api/baseInfo/matchStudent?yxdm=${yxdm}&signature=${signature}&studentId=${studentId}`,
    session: s,
  });

/** The identity proof the form needs for a platform student (proof.test.ts tests it). */
const prove = (s: Session, studentId: string, idLast4: string) =>
  call(app, {
    method: 'POST',
    url: '/api/baseInfo/proveStudent',
    session: s,
    payload: { yxdm: '10001', signature: PKU, studentId, idLast4 },
  });

async function form(s: Session, over: Record<string, unknown> = {}) {
  return {
    name: '王小明',
    idType: 1,
    idNum: '440305199903150028',
    studentId: '440305199903150028',
    major: '计算机科学与技术',
    sex: 0,
    education: 2,
    xllb: 1,
    schoolType: 1,
    yxdm: '10001',
    mobile: '13912345678',
    mail: 'wang@x',
    picUrl: await photoOf(app, s.memberId),
    taskId: fx.pku.id,
    signature: PKU,
    ...over,
  };
}
const create = (s: Session, payload: Record<string, unknown>) =>
  call<{ id: number; orderNo: string }>(app, { method: 'POST', url: '/api/taskOrder/create', payload, session: s });
const find = (s: Session, id: number) =>
  call<{ order: Record<string, unknown>; orderDetails: Record<string, unknown>[] }>(app, {
    method: 'GET',
    url: `/api/taskOrder/findOrderAndOrderDetails?id=${id}`,
    session: s,
  });
const updateShipping = (s: Session, payload: object) =>
  call(app, { method: 'POST', url: '/api/taskOrder/updateShipping', session: s, payload });
const isShipping = (s: Session, id: number) =>
  call<{ isShipping: number }>(app, { method: 'GET', url: `/api/taskOrder/findIsShipping?id=${id}`, session: s });
const setState = (id: number, state: number) => app.ctx.db.update(orders).set({ state }).where(eq(orders.id, id));

describe('getTaskIsMosaic', () => {
  it('answers 1 for a mosaic task, 0 for a plain one, case-insensitive code', async () => {
    expect((await mosaic('10003', THU)).data).toBe(1);
    const plain = await mosaic('10001', PKU.toLowerCase());
    expect([plain.code, plain.data]).toEqual([200, 0]);
  });
  it('answers 400 with the mini-programme prompt past the deadline', async () => {
    const r = await mosaic('10001', PKU_OLD);
    expect([r.code, r.msg]).toEqual([400, '该采集任务已截止网页采集，请使用小程序进行采集']);
  });
  it('answers 404 for an unknown code and asks for a missing one', async () => {
    const r = await mosaic('10001', 'NOPE');
    expect([r.code, r.msg]).toEqual([404, '未找到该采集任务，请核对学校和特征码']);
    const empty = await call(app, { method: 'GET', url: '/api/baseInfo/getTaskIsMosaic?yxdm=10001&signature=' });
    expect([empty.code, empty.msg]).toEqual([400, '请输入特征码']);
    const school = await call(app, { method: 'GET', url: '/api/baseInfo/getTaskIsMosaic?yxdm=&signature=X' });
    expect(school.msg).toBe('请选择学校');
  });
});

describe('matchStudent', () => {
  it('needs a login', async () => {
    const r = await match(undefined, '10001', PKU, '440305199903150028');
    expect(r.code).toBe(700);
  });
  it('takes a student number (4 to 20 letters or digits) or an ID number', async () => {
    const s = await memberSession(app);
    for (const bad of ['123', 'ab-12', '2021 1000 1001', '123456789012345678901']) {
      const r = await match(s, '10001', PKU, bad);
      expect([r.code, r.msg]).toEqual([400, '请输入正确的学号或身份证号']);
    }
    for (const good of [
      '202110001001',
      'B2021CS0012',
      '1234',
      '123456789012345',
      '123456789012345678',
      '12345678901234567X',
    ]) {
      expect((await match(s, '10001', PKU, good)).code).toBe(200);
    }
  });
  it('matches a platform student by student number or ID number and, once proved, prefills the form (ID masked)', async () => {
    const s = await memberSession(app);
    expect((await match(s, '10001', PKU, '100012025000000001')).data.prefill.xm).toBeNull();
    expect((await prove(s, '100012025000000001', '1232')).code).toBe(200);
    const byXh = await match(s, '10001', PKU, '100012025000000001');
    expect(byXh.code).toBe(200);
    expect(byXh.data.row).toBeGreaterThan(0);
    expect(byXh.data.bh).toBe('BH0001');
    expect(byXh.data.prefill).toMatchObject({
      xm: '李明',
      zy: '物理学',
      xlcc: 2,
      sfzhMasked: '110***********1232',
      yxmc: '北京大学',
    });
    const byId = await match(s, '10001', PKU, fx.zjhm);
    expect(byId.data.prefill.xh).toBe('100012025000000001');
    const none = await match(s, '10001', PKU, '440305199903150028');
    expect([none.data.row, none.data.prefill.xm]).toEqual([0, null]);
  });
  it('answers 201 with an unpaid order and 202 with a paid one, only for that member', async () => {
    const s = await memberSession(app);
    const o = await create(s, await form(s));
    expect(o.code).toBe(200);
    const again = await create(s, await form(s));
    expect([again.code, again.msg]).toEqual([201, '您已有该任务的待支付订单']);
    const unpaid = await match(s, '10001', PKU, '440305199903150028');
    expect([unpaid.code, unpaid.msg, unpaid.data.status]).toEqual([201, '您已有该任务的待支付订单', 1]);
    await setState(o.data.id, 116);
    const paid = await match(s, '10001', PKU, '440305199903150028');
    expect([paid.code, paid.msg, paid.data.status]).toEqual([202, '您已有该任务的已支付订单', 2]);
    const other = await memberSession(app);
    expect((await match(other, '10001', PKU, '440305199903150028')).code).toBe(200);
    // A closed order no longer counts.
    await setState(o.data.id, 150);
    expect((await match(s, '10001', PKU, '440305199903150028')).code).toBe(200);
  });
});

describe('taskOrder/create validation', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['name missing', { name: '' }, '请输入姓名'],
    ['name wrong', { name: 'Li3' }, '请输入正确的姓名'],
    ['id type missing', { idType: '' }, '请选择证件类型'],
    ['id type 5', { idType: 5 }, '请选择证件类型'],
    ['id card missing', { idNum: '' }, '请输入身份证号'],
    ['id card wrong', { idNum: '440305199903150027' }, '请输入正确的身份证号'],
    ['passport missing', { idType: 2, idNum: '' }, '请输入证件号'],
    ['passport wrong', { idType: 2, idNum: '#' }, '请输入正确的证件号'],
    ['student number missing', { studentId: '' }, '请输入学号'],
    ['student number wrong', { studentId: 'ab-12' }, '请输入正确的学号'],
    ['major wrong', { major: '<b>' }, '请输入正确的专业'],
    ['sex missing', { sex: '' }, '请选择性别'],
    ['education missing', { education: '' }, '请选择学历'],
    ['category missing', { xllb: '' }, '请选择学历类别'],
    ['school type missing', { schoolType: '' }, '请选择校别'],
    ['school missing', { yxdm: '' }, '不能为空'],
    ['school not from the list', { yxdm: '北京大学' }, '请输入学校名称或代码进行搜索，通过选中下拉列表内容进行确认。'],
    ['mobile missing', { mobile: '' }, '请输入手机号'],
    ['mobile 12', { mobile: '12912345678' }, '请检查手机号'],
    ['mobile short', { mobile: '1391234567' }, '请检查手机号'],
    ['mail missing', { mail: '' }, '邮箱不能为空'],
    ['mail without @', { mail: 'wang.x.cn' }, '邮箱格式有误'],
    ['photo missing', { picUrl: '' }, '请上传图片'],
    ['feature code missing', { signature: '' }, '请输入特征码'],
  ];
  it.each(cases)('%s', async (_n, over, msg) => {
    const s = await memberSession(app);
    const r = await create(s, await form(s, over));
    expect([r.code, r.msg]).toEqual([400, msg]);
  });
  it('speaks English when asked', async () => {
    const s = await memberSession(app);
    const r = await call(app, {
      method: 'POST',
      url: '/api/taskOrder/create',
      payload: await form(s, { mobile: '12912345678' }),
      session: s,
      headers: { lang: 'en' },
    });
    expect(r.msg).toBe('Please check the mobile number');
  });
  it('refuses a photo that is not the member’s, a wrong feature code and a closed task', async () => {
    const s = await memberSession(app);
    const other = await memberSession(app);
    expect((await create(s, await form(s, { picUrl: await photoOf(app, other.memberId) }))).code).toBe(403);
    expect((await create(s, await form(s, { picUrl: '/api/img/view/forged?exp=1&sig=x' }))).msg).toBe('请上传图片');
    const wrong = await create(s, await form(s, { signature: THU }));
    expect([wrong.code, wrong.msg]).toEqual([404, '未找到该采集任务，请核对学校和特征码']);
    const closed = await create(s, await form(s, { taskId: fx.pkuOld.id, signature: PKU_OLD }));
    expect([closed.code, closed.msg]).toEqual([409, '该采集任务已截止']);
    expect(await app.ctx.db.select().from(orders).where(eq(orders.memberId, s.memberId))).toHaveLength(0);
  });
});

describe('taskOrder/create and reading', () => {
  it('refuses a centralised order before the separate consent to processing the face photo and ID number, and keeps no order', async () => {
    const s = await memberSession(app);
    const payload = await form(s);
    await app.ctx.db.delete(consents).where(eq(consents.memberId, s.memberId));
    const r = await create(s, payload);
    expect(r.code).toBe(400);
    expect(r.msg).toBe('请先阅读并同意人脸照片及身份证件号码处理说明');
    expect(await app.ctx.db.select().from(orders).where(eq(orders.memberId, s.memberId))).toHaveLength(0);
    // Given with its version, the same form goes through.
    const given = await call<{ given: boolean; version: string }>(app, {
      method: 'POST',
      url: '/api/order/photoConsent',
      session: s,
      payload: { version: '2025-01' },
    });
    expect(given.data).toMatchObject({ given: true, version: '2025-01' });
    expect((await create(s, payload)).code).toBe(200);
  });

  it('creates a 110 task order of type 3 at the task price, number with six zeros, ID encrypted and masked', async () => {
    const s = await memberSession(app);
    const r = await create(s, await form(s, { idType: 4, idNum: 'T12345678', zjlx: undefined }));
    expect(r.code).toBe(200);
    expect(r.data.orderNo).toMatch(/^000000\d+/);
    const [row] = await app.ctx.db.select().from(orders).where(eq(orders.id, r.data.id));
    expect(row).toMatchObject({
      kind: 'task',
      type: 3,
      state: 110,
      totalFen: 4500,
      unitPriceFen: 4500,
      isFile: 1,
      taskId: fx.pku.id,
    });
    const [d] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, r.data.id));
    expect(d.idNumEnc).not.toContain('T12345678');
    expect(app.ctx.pii.decrypt(d.idNumEnc!)).toBe('T12345678');
    expect([d.fy, d.signature, d.idType]).toEqual(['beijing', PKU, 4]);
    expect(d.fileTime).toBeInstanceOf(Date);
    const got = await find(s, r.data.id);
    expect(got.data.order).toMatchObject({
      state: 110,
      payTotal: '45.00',
      unitPrice: '45.00',
      isFile: 1,
      isShipping: 0,
    });
    expect(got.data.order.endTime).toBe(fx.pku.endTime.toISOString());
    expect(got.data.orderDetails[0]).toMatchObject({ idNum: 'T12**5678', name: '王小明', mail: 'wang@x' });
    expect(JSON.stringify(got.data)).not.toContain('T12345678');
  });
  it('accepts the section-3 form names and locks platform fields, filling a masked ID number', async () => {
    const s = await memberSession(app);
    expect((await prove(s, '100012025000000001', '1232')).code).toBe(200);
    const r = await create(s, {
      xm: '别人',
      zjlx: 1,
      sfzh: '110***********1232',
      xh: '100012025000000001',
      zy: '化学',
      xb: 1,
      xlcc: 3,
      xllb: 1,
      xxlb: 1,
      yxmc: '北京大学',
      yxdm: '10001',
      mobile: '13812345678',
      mail: 'li@x',
      picUrl: await photoOf(app, s.memberId),
      fy: 'other',
      taskId: fx.pku.id,
      signature: PKU,
      bizSerialNum: 'BIZ1',
    });
    expect(r.code).toBe(200);
    const [d] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, r.data.id));
    expect([d.name, d.major, d.education, d.sex, d.fy, d.bizSerialNum]).toEqual([
      '李明',
      '物理学',
      2,
      0,
      'beijing',
      'BIZ1',
    ]);
    expect(app.ctx.pii.decrypt(d.idNumEnc!)).toBe(fx.zjhm);
  });
  it('lists only the member’s orders; another member gets 403, an unknown id 404', async () => {
    const a = await memberSession(app);
    const b = await memberSession(app);
    const o = await create(a, await form(a));
    const listA = await call<{ id: number }[]>(app, { method: 'GET', url: '/api/taskOrder/list', session: a });
    expect(listA.data.map((x) => x.id)).toEqual([o.data.id]);
    const listB = await call<unknown[]>(app, { method: 'GET', url: '/api/taskOrder/list', session: b });
    expect(listB.data).toEqual([]);
    expect((await find(b, o.data.id)).code).toBe(403);
    expect((await find(a, 999999)).code).toBe(404);
    const picUrl = await photoOf(app, b.memberId);
    const [d] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, o.data.id));
    const up = await call(app, {
      method: 'POST',
      url: '/api/taskOrder/updatePerson',
      session: b,
      payload: { id: d.id, mobile: '13912345678', mail: 'a@b', picUrl },
    });
    expect(up.code).toBe(403);
    expect(
      (await call(app, { method: 'GET', url: `/api/taskOrder/deleteOrder?id=${o.data.id}`, session: b })).code,
    ).toBe(403);
    expect(
      (await call(app, { method: 'GET', url: `/api/taskOrder/findIsShipping?id=${o.data.id}`, session: b })).code,
    ).toBe(403);
  });
});

describe('modify, shipping and delete', () => {
  async function order() {
    const s = await memberSession(app);
    const o = await create(s, await form(s));
    const [d] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, o.data.id));
    return { s, id: o.data.id, detailId: d.id };
  }
  const update = async (s: Session, detailId: number, over: Record<string, unknown> = {}) =>
    call(app, {
      method: 'POST',
      url: '/api/taskOrder/updatePerson',
      session: s,
      payload: { id: detailId, mobile: '13700000000', mail: 'n@x', picUrl: await photoOf(app, s.memberId), ...over },
    });

  it('validates updatePerson with the centralised rules', async () => {
    const { s, detailId } = await order();
    expect((await update(s, detailId, { mobile: '12000000000' })).msg).toBe('请检查手机号');
    expect((await update(s, detailId, { mail: 'nomail' })).msg).toBe('邮箱格式有误');
    expect((await update(s, detailId, { picUrl: '' })).msg).toBe('请上传图片');
  });

  it('a rejected order is modified before the deadline and goes back to review', async () => {
    const { s, id, detailId } = await order();
    await setState(id, 125);
    const r = await update(s, detailId);
    expect([r.code, r.msg]).toEqual([200, '修改成功']);
    const got = await find(s, id);
    expect(got.data.order.state).toBe(116);
    expect(got.data.orderDetails[0].mobile).toBe('13700000000');
  });

  it('a rejected order whose file was uploaded past the end time cannot be modified (409), not in 130 either', async () => {
    const { s, id, detailId } = await order();
    const { s: s2, id: id2, detailId: d2 } = await order();
    await setState(id, 125);
    await app.ctx.db
      .update(orderDetails)
      .set({ fileTime: new Date(fx.pku.endTime.getTime() + 1000) })
      .where(eq(orderDetails.id, detailId));
    const r = await update(s, detailId);
    expect([r.code, r.msg]).toEqual([409, '当前状态不允许此操作']);
    expect((await find(s, id)).data.order.state).toBe(125);
    await setState(id2, 130);
    expect((await update(s2, d2)).code).toBe(409);
  });

  it('a rejected order with the file before the end time stays modifiable after the deadline passes', async () => {
    const { s, id, detailId } = await order();
    await setState(id, 125);
    const saved = fx.pku.endTime;
    await taskEnd(app, fx.pku.id, new Date(Date.now() + 60_000));
    try {
      expect((await find(s, id)).data.order.endTime).not.toBe(saved.toISOString());
      expect((await update(s, detailId)).code).toBe(200);
    } finally {
      await taskEnd(app, fx.pku.id, saved);
    }
  });

  it('updateShipping validates, needs a known carrier, and findIsShipping reports it', async () => {
    const { s, id } = await order();
    const ship = {
      id,
      shippingType: 1,
      shippingReceiveName: '王小明',
      shippingReceiveMobile: '13912345678',
      shippingProvinceName: '北京市',
      shippingCityName: '北京市',
      shippingDistrictName: '海淀区',
      shippingAddress: '颐和园路5号',
    };
    const missing = await updateShipping(s, { ...ship, shippingAddress: '' });
    expect(missing.msg).toBe('请输入具体地址');
    const noCarrier = await updateShipping(s, { ...ship, shippingType: 999 });
    expect([noCarrier.code, noCarrier.msg]).toEqual([400, '请选择快递方式']);
    expect((await isShipping(s, id)).data.isShipping).toBe(0);
    await app.ctx.db
      .execute(`insert into carriers (name_zh, name_en) values ('EMS', 'EMS')` as never)
      .catch(() => undefined);
    const { carriers } = await import('../../db/schema.ts');
    const [c] = await app.ctx.db.select().from(carriers).limit(1);
    const okShip = await updateShipping(s, { ...ship, shippingType: c.id });
    expect(okShip.code).toBe(200);
    expect((await isShipping(s, id)).data.isShipping).toBe(1);
    expect((await find(s, id)).data.order).toMatchObject({ shippingTypeName: 'EMS', shippingAddress: '颐和园路5号' });
    await setState(id, 130);
    expect((await updateShipping(s, { ...ship, shippingType: c.id })).code).toBe(409);
  });

  it('deleteOrder removes an unpaid order and refuses a paid one', async () => {
    const paid = await order();
    await setState(paid.id, 116);
    expect(
      (await call(app, { method: 'GET', url: `/api/taskOrder/deleteOrder?id=${paid.id}`, session: paid.s })).code,
    ).toBe(409);
    const unpaid = await order();
    expect(
      (await call(app, { method: 'GET', url: `/api/taskOrder/deleteOrder?id=${unpaid.id}`, session: unpaid.s })).code,
    ).toBe(200);
    expect((await find(unpaid.s, unpaid.id)).code).toBe(404);
  });
});
