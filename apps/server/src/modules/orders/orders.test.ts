import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { orderDetails, orders, refunds } from '../../db/schema.ts';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { createdOrder, useAppWithMembers } from '../../../test/member-apps.ts';
import { consent, memberPhoto, person, shipping } from './test-kit.ts';
import type { OrderWithDetails } from '@portal/contract/orders';

let app: FastifyInstance;
let me: Session;
let other: Session;
let carrierId: number;
useAppWithMembers((t) => ({ app, carrierId, me, other } = t), {
  orders: true,
  consent: true,
  profiles: [
    { name: '张三', isFirst: false },
    { name: '王五', isFirst: false },
  ],
});

/** A signed member POST (the first member's unless told). */
const post = <T = unknown>(url: string, payload: object, s: Session = me) =>
  call<T>(app, { method: 'POST', url, payload, session: s });
const newOrder = async (s: Session = me) => createdOrder(app, s, person(await memberPhoto(app, s.memberId)));
const setState = (id: number, state: number, extra: Partial<typeof orders.$inferInsert> = {}) =>
  app.ctx.db
    .update(orders)
    .set({ state, ...extra })
    .where(eq(orders.id, id));
const detail = (id: number) =>
  call<OrderWithDetails>(app, { url: `/api/order/findOrderAndOrderDetails?id=${id}`, session: me });

describe('consent', () => {
  it('refuses the first person before the separate photo and ID consent, then records it with its version', async () => {
    const s = await memberSession(app, undefined, { isFirst: false });
    const before = await call<{ given: boolean }>(app, { url: '/api/order/photoConsent', session: s });
    expect(before.data.given).toBe(false);
    const r = await post('/api/order/createCollectionOrder', person(await memberPhoto(app, s.memberId)), s);
    expect([r.code, r.msg]).toEqual([400, '请先阅读并同意人脸照片及身份证件号码处理说明']);
    await consent(app, s);
    const after = await call<{ given: boolean; version: string; acceptedAt: string }>(app, {
      url: '/api/order/photoConsent',
      session: s,
    });
    expect(after.data).toMatchObject({ given: true, version: '2025-01' });
    expect(after.data.acceptedAt).toBeTruthy();
  });
});

describe('building an order', () => {
  it('creates with the first person, adds a second, computes 45 x count on the server, masks ID numbers', async () => {
    const id = await newOrder();
    const add = await post<number>('/api/order/addPerson2Order', {
      ...person(await memberPhoto(app, me.memberId), { name: '李四' }),
      order_id: id,
      payTotal: '0.01',
    });
    expect(add.code).toBe(200);
    const d = await detail(id);
    expect(d.data.order).toMatchObject({
      state: 110,
      type: 1,
      payTotal: '90.00',
      unitPrice: '45.00',
      personCount: 2,
      stateDesc: '待支付',
    });
    expect(d.data.order.orderNo).toMatch(/^\d{20}$/);
    expect(d.data.orderDetails.map((x) => x.name)).toEqual(['张三', '李四']);
    expect(d.data.orderDetails[0].idNum).toMatch(/^110\*{11}\d{3}[\dX]$/);
    expect(d.data.orderDetails[0].picUrl).toMatch(/^\/api\/img\/view\//);
    const [row] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, id)).limit(1);
    expect(row.idNumEnc).not.toContain('110108');
    const list = await call<{ id: number; payTotal: string; names: string[]; personCount: number }[]>(app, {
      url: '/api/order/findOrderList?type=1',
      session: me,
    });
    expect(list.data.find((o) => o.id === id)).toMatchObject({
      payTotal: '90.00',
      names: ['张三', '李四'],
      personCount: 2,
    });
  });

  it('refuses a photo that is not the member’s own passed upload', async () => {
    const foreign = await memberPhoto(app, other.memberId);
    const r = await post('/api/order/createCollectionOrder', person(foreign));
    expect(r.code).toBe(403);
    const forged = await post('/api/order/createCollectionOrder', person('/api/img/view/abc.jpg?exp=1&sig=x'));
    expect([forged.code, forged.msg]).toEqual([400, '请上传图片']);
  });

  it('refuses a school not chosen from the suggestions', async () => {
    const r = await post(
      '/api/order/createCollectionOrder',
      person(await memberPhoto(app, me.memberId), { daima: '99999' }),
    );
    expect([r.code, r.msg]).toEqual([400, '请输入学校名称或代码进行搜索，通过选中下拉列表内容进行确认。']);
  });

  it('stops at 30 persons with 一个订单内最多添加30条信息!, even for parallel adds from two tabs', async () => {
    const id = await newOrder();
    const url = await memberPhoto(app, me.memberId);
    const adds = Array.from({ length: 34 }, (_, i) =>
      post('/api/order/addPerson2Order', {
        ...person(url, { name: `同学${'甲乙丙丁戊己庚辛壬癸'[i % 10]}` }),
        order_id: id,
      }),
    );
    const res = await Promise.all(adds);
    expect(res.filter((r) => r.code === 200)).toHaveLength(29);
    const refused = res.filter((r) => r.code !== 200);
    expect(refused.every((r) => r.code === 409 && r.msg === '一个订单内最多添加30条信息!')).toBe(true);
    const d = await detail(id);
    expect(d.data.orderDetails).toHaveLength(30);
    expect(d.data.order.payTotal).toBe('1350.00');
  });

  it('suggests schools by name or code with the pilot flag', async () => {
    const r = await post<{ yxdm: string; schoolname: string; testPoint: number; educations: number[] }[]>(
      '/api/order/schoolList',
      { keyword: '1000' },
    );
    expect(r.data[0]).toMatchObject({ yxdm: '10001', schoolname: '北京大学', testPoint: 1 });
    const byName = await post<{ yxdm: string }[]>('/api/order/schoolList', { keyword: '农业' });
    expect(byName.data.map((s) => s.yxdm)).toEqual(['10005']);
  });
});

describe('validation messages of the person form (document 2, section 5)', async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ name: '' }, '请输入姓名'],
    [{ name: 'Tom1' }, '请输入正确的姓名'],
    [{ mobile: '' }, '请输入手机号'],
    [{ mobile: '23800138000' }, '请输入正确的手机号'],
    [{ mail: '' }, '邮箱不能为空'],
    [{ mail: 'a@b' }, '邮箱格式有误'],
    [{ imageUrl: '' }, '请上传图片'],
    [{ id_type: '' }, '请选择证件类型'],
    [{ id_num: '' }, '请输入身份证号'],
    [{ id_num: '110108200001011231' }, '请输入正确的身份证号'],
    [{ id_type: 2, id_num: '' }, '请输入证件号'],
    [{ id_type: 2, id_num: 'E1' }, '请输入正确的证件号'],
    [{ sex: null }, '请选择性别'],
    [{ school_type: '' }, '请选择校别'],
    [{ school_name: '' }, '不能为空'],
    [{ daima: '' }, '请输入学校名称或代码进行搜索，通过选中下拉列表内容进行确认。'],
    [{ education: '' }, '请选择学历'],
    [{ student_id: '' }, '请输入学号'],
    [{ student_id: '2021-001' }, '请输入正确的学号'],
    [{ student_id: '1234567890123456789' }, '请输入正确的学号'],
    [{ major: '' }, '请输入专业'],
    [{ major: '计算机<script>' }, '请输入正确的专业'],
  ];
  it.each(cases)('%j -> %s', async (over, text) => {
    const r = await post('/api/order/createCollectionOrder', person('/api/img/file/x', over));
    expect([r.code, r.msg]).toEqual([400, text]);
  });
  it('answers in English too', async () => {
    const r = await call(app, {
      method: 'POST',
      url: '/api/order/createCollectionOrder',
      payload: person('/x', { student_id: '' }),
      session: me,
      headers: { lang: 'en' },
    });
    expect(r.msg).toBe('Please enter the student number');
  });
});

describe('shipping', () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ shippingType: '' }, '请选择快递'],
    [{ shippingReceiveName: '' }, '请输入姓名'],
    [{ shippingReceiveName: '李4' }, '请输入正确的姓名'],
    [{ shippingReceiveMobile: '' }, '请输入电话号'],
    [{ shippingReceiveMobile: '12345' }, '请输入正确的电话号'],
    [{ shippingProvinceName: '' }, '请输入所在省份'],
    [{ shippingCityName: '' }, '请输入所在城市'],
    [{ shippingDistrictName: '' }, '请输入所在县区'],
    [{ shippingAddress: '' }, '请输入具体地址'],
  ];
  it.each(cases)('%j -> %s', async (over, text) => {
    const id = await newOrder();
    const r = await post('/api/order/updateShipping', { id, ...shipping(carrierId, over) });
    expect([r.code, r.msg]).toEqual([400, text]);
  });

  it('saves the JSON variant and the signed form variant, with the carrier name and a landline', async () => {
    const id = await newOrder();
    const a = await post('/api/order/updateShipping', { id, ...shipping(carrierId) });
    expect([a.code, a.msg]).toEqual([200, '修改成功']);
    expect((await detail(id)).data.shippingInfo).toMatchObject({
      shippingTypeName: 'EMS',
      shippingDistrictName: '海淀区',
    });
    const b = await call(app, {
      method: 'POST',
      url: '/api/order/updateShipping',
      payload: {
        order_id: id,
        priceType: 3,
        shipping_type: carrierId,
        shipping_receive_name: '王五',
        shipping_receive_mobile: '010-88888888',
        province: '上海市',
        city: '上海市',
        district: '徐汇区',
        shipping_address: '华山路1954号',
      },
      session: me,
    });
    expect(b.code).toBe(200);
    const d = await detail(id);
    expect(d.data.order).toMatchObject({
      shippingReceiveName: '王五',
      shippingReceiveMobile: '010-88888888',
      shippingProvinceName: '上海市',
      isShipping: 1,
    });
  });

  it('refuses an unknown carrier', async () => {
    const id = await newOrder();
    const r = await post('/api/order/updateShipping', { id, ...shipping(99999) });
    expect([r.code, r.msg]).toEqual([400, '请选择快递']);
  });
});

describe('permitted actions on the routes (contract rules)', () => {
  const states = [110, 115, 116, 120, 125, 130, 140, 145, 150];
  it.each(states)('state %i: delete order, add/delete line, edit photo, edit shipping', async (state) => {
    const id = await newOrder();
    await setState(id, state, { payTime: state === 110 ? null : new Date() });
    const d = await detail(id);
    const lineId = d.data.orderDetails[0].id;
    const photo = await memberPhoto(app, me.memberId);

    const ship = await post('/api/order/updateShipping', { id, ...shipping(carrierId) });
    expect(ship.code).toBe([110, 115, 125].includes(state) ? 200 : 409);
    if (ship.code === 409) expect(ship.msg).toBe('当前订单状态不允许修改物流信息');

    const upd = await post('/api/order/updatePerson', {
      id: lineId,
      mobile: '13700137000',
      mail: 'n@example.com',
      picUrl: photo,
    });
    expect(upd.code).toBe([110, 115, 125].includes(state) ? 200 : 409);
    if (upd.code === 409) expect(upd.msg).toBe('当前订单状态不允许修改照片');

    const add = await post('/api/order/addPerson2Order', { ...person(photo, { name: '赵六' }), order_id: id });
    expect(add.code).toBe(state === 110 ? 200 : 409);
    if (add.code === 409) expect(add.msg).toBe('当前订单状态不允许添加或删除照片');

    const delLine = await post('/api/order/deletePerson', { detail_id: lineId, order_id: id });
    expect(delLine.code).toBe(state === 110 ? 200 : 409);

    const del = await call(app, { url: `/api/order/deleteOrder?id=${id}`, session: me });
    expect(del.code).toBe(state === 110 ? 200 : 409);
    if (del.code === 409) expect(del.msg).toBe('当前订单状态不允许删除');
    const gone = await call(app, { url: `/api/order/findOrderAndOrderDetails?id=${id}`, session: me });
    expect(gone.code).toBe(state === 110 ? 404 : 200);
  });

  it('keeps locked fields: updatePerson changes only mobile, mail and photo', async () => {
    const id = await newOrder();
    const lineId = (await detail(id)).data.orderDetails[0].id;
    const photo = await memberPhoto(app, me.memberId);
    const r = await call(app, {
      method: 'POST',
      url: '/api/order/updatePerson',
      payload: {
        id: lineId,
        mobile: '13700137001',
        mail: 'x@example.com',
        imageUrl: photo,
        name: '改名',
        student_id: '999',
      },
      session: me,
    });
    expect([r.code, r.msg]).toEqual([200, '修改成功']);
    const line = (await detail(id)).data.orderDetails[0];
    expect(line).toMatchObject({
      name: '张三',
      studentId: '2021001',
      mobile: '13700137001',
      mail: 'x@example.com',
      picUrl: photo,
    });
  });

  it('sends a rejected order back to review once the member changes it', async () => {
    const id = await newOrder();
    await setState(id, 125, { refuseReason: '照片背景不合格' });
    const lineId = (await detail(id)).data.orderDetails[0].id;
    const photo = await memberPhoto(app, me.memberId);
    const r = await post('/api/order/updatePerson', {
      id: lineId,
      mobile: '13700137002',
      mail: 'y@example.com',
      imageUrl: photo,
    });
    expect(r.code).toBe(200);
    const d = (await detail(id)).data;
    expect(d.order).toMatchObject({ state: 115, refuseReason: null, stateDesc: '已支付' });
    expect(d.orderDetails[0].picUrl).toBe(photo);
  });

  it('shows the refund status and refuse reason where they exist', async () => {
    const id = await newOrder();
    await setState(id, 125, { refuseReason: '照片背景不合格' });
    await app.ctx.db.insert(refunds).values({ refundNo: `R${id}`, orderId: id, amountFen: 4500, status: 3 });
    // A cancelled later request does not hide the live one.
    await app.ctx.db
      .insert(refunds)
      .values({ refundNo: `R${id}c`, orderId: id, amountFen: 4500, status: 1, cancelled: true });
    const d = await detail(id);
    expect(d.data.order).toMatchObject({ refuseReason: '照片背景不合格', refundStatus: 3, stateDesc: '已驳回' });
    const list = await call<{ id: number; refundStatus: number | null; names: string[] }[]>(app, {
      url: '/api/order/findOrderList?type=1',
      session: me,
    });
    expect(list.data.find((o) => o.id === id)).toMatchObject({ refundStatus: 3, names: ['张三'] });
    // Every order of the list carries its own lines and refund, none of another order's.
    expect(list.data.filter((o) => o.refundStatus === 3).map((o) => o.id)).toEqual([id]);
  });

  it('lets download the photo only in the allowed states, named after the person', async () => {
    const id = await newOrder();
    const r110 = await app.inject({
      url: `/api/img/downloadPhoto?id=${id}&type=2`,
      headers: { authorization: `Bearer ${me.token}`, memberid: String(me.memberId) },
    });
    expect(r110.json()).toMatchObject({ code: 409, msg: '当前订单状态不允许下载照片' });
    await setState(id, 120, { picAllowState: 1 });
    const r120 = await app.inject({
      url: `/api/img/downloadPhoto?id=${id}&type=2`,
      headers: { authorization: `Bearer ${other.token}`, memberid: String(other.memberId) },
    });
    expect(r120.json()).toMatchObject({ code: 403 });
    const mine = await app.inject({
      url: `/api/img/downloadPhoto?id=${id}&type=2&yxdm=10001&studentId=2021001`,
      headers: { authorization: `Bearer ${me.token}`, memberid: String(me.memberId) },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('张三.jpg')}`);
    expect(mine.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});

describe("another member's order", () => {
  it('answers 403 on every call', async () => {
    const id = await newOrder(other);
    const lineId = (
      await call<OrderWithDetails>(app, { url: `/api/order/findOrderAndOrderDetails?id=${id}`, session: other })
    ).data.orderDetails[0].id;
    const photo = await memberPhoto(app, me.memberId);
    const attempts = [
      call(app, { url: `/api/order/findOrderAndOrderDetails?id=${id}`, session: me }),
      call(app, { method: 'POST', url: '/api/order/list', payload: { order_id: id }, session: me }),
      call(app, { url: `/api/order/findOrderDetail?id=${lineId}`, session: me }),
      call(app, { url: `/api/order/deleteOrder?id=${id}`, session: me }),
      call(app, { url: `/api/order/deletePerson?id=${lineId}`, session: me }),
      post('/api/order/deletePerson', { detail_id: lineId, order_id: id }),
      post('/api/order/addPerson2Order', { ...person(photo), order_id: id }),
      post('/api/order/updatePerson', { id: lineId, mobile: '13700137000', mail: 'a@example.com', picUrl: photo }),
      post('/api/order/updateShipping', { id, ...shipping(carrierId) }),
      call(app, { url: `/api/img/downloadPhoto?id=${id}`, session: me }),
    ];
    for (const r of await Promise.all(attempts)) expect([r.code, r.msg]).toEqual([403, '无权操作该订单']);
    const mine = await call<{ id: number }[]>(app, { url: '/api/order/findOrderList?type=1', session: me });
    expect(mine.data.some((o) => o.id === id)).toBe(false);
    const still = await call<OrderWithDetails>(app, {
      url: `/api/order/findOrderAndOrderDetails?id=${id}`,
      session: other,
    });
    expect(still.data.orderDetails).toHaveLength(1);
  });
});
