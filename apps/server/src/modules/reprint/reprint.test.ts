import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { reprintTotalFen } from '@portal/contract/prices';
import { MESSAGES } from '@portal/contract/messages';
import { bindings, nationalStudents, orders, photos } from '../../db/schema.ts';
import { call, memberSession, useTestApp, type Session } from '../../../test/helpers.ts';
import { makeIdNumber } from '../national/seed.ts';

const ID_CARD = '11010519491231002X';
let app: FastifyInstance;
let seq = 0;

/** A national record (with a photo on file unless told) at school 10001, with an ID number of its own. */
async function nationalStudent(opts: { xm?: string; hasPhoto?: boolean; idCard?: string } = {}) {
  const xh = `R${Date.now() % 100000}${++seq}`;
  const idCard = opts.idCard ?? makeIdNumber('320102', '20030415', seq);
  const [p] = await app.ctx.db
    .insert(photos)
    .values({
      storageKey: `national/${xh}.jpg`,
      sha256: 'x'.repeat(64),
      bytes: 30000,
      width: 480,
      height: 640,
      passed: true,
      checkResult: {},
      source: 'national',
    })
    .returning();
  const hasPhoto = opts.hasPhoto ?? true;
  const [s] = await app.ctx.db
    .insert(nationalStudents)
    .values({
      xh,
      xm: opts.xm ?? '张三',
      yxdm: '10001',
      schoolName: '北京大学',
      education: 2,
      hasPhoto,
      photoId: hasPhoto ? p.id : null,
      photoCount: hasPhoto ? 2 : 0,
      zjhmEnc: app.ctx.pii.encrypt(idCard),
      zjhmHash: app.ctx.pii.blindIndex(idCard),
    })
    .returning();
  return { ...s, idCard };
}

const bindAs = (session: Session, payload: Record<string, unknown>, headers?: Record<string, string>) =>
  call(app, { method: 'POST', url: '/api/binding/binding', payload, session, headers });
const modify = (session: Session, payload: Record<string, unknown>) =>
  call(app, { method: 'POST', url: '/api/order/modifyWashOrder', payload, session });
/** Binds with the record's own ID number. */
const bindProven = (session: Session, s: { xh: string; idCard: string }) =>
  bindAs(session, { studentId: s.xh, yxdm: '10001', idType: 1, idNum: s.idCard });
const status = async (session: Session) =>
  (await call<number>(app, { url: '/api/binding/findCheckStatus', session })).data;

useTestApp((built) => (app = built));

describe('reprint price rule (reprintTotalFen)', () => {
  it.each([
    [0, false, 0],
    [0, true, 3000],
    [1, false, 3000],
    [1, true, 4000],
    [100, false, 102000],
    [100, true, 103000],
    [101, false, 103000],
    [101, true, 104000],
  ])('%i sheets, disc %s -> %i fen', (count, disc, fen) => {
    expect(reprintTotalFen(count, disc)).toBe(fen);
  });
});

describe('binding', () => {
  it('refuses an empty student number or school with 学号或学校不能为空', async () => {
    const me = await memberSession(app, undefined, { name: '张三' });
    for (const payload of [{ studentId: '', yxdm: '10001' }, { studentId: 'A1', yxdm: '' }, { yxdm: '10001' }]) {
      const r = await bindAs(me, payload);
      expect(r.code).toBe(400);
      expect(r.msg).toBe('学号或学校不能为空');
    }
    const en = await bindAs(me, { studentId: '', yxdm: '10001' }, { lang: 'en' });
    expect(en.msg).toBe(MESSAGES['binding.required'].en);
  });

  it("binds when a photo is on file and the ID number is the record's, says 绑定成功, then status 1 and the photos on file", async () => {
    const s = await nationalStudent();
    const me = await memberSession(app, undefined, { name: '张三' });
    expect(await status(me)).toBe(0);
    const r = await bindProven(me, s);
    expect(r.code).toBe(200);
    expect(r.msg).toBe('绑定成功');
    expect(await status(me)).toBe(1);
    const info = await call<
      { id: string; xlcc: number; photo_num: number; bindingState: number; schoolName: string; picUrl: string | null }[]
    >(app, {
      url: '/api/binding/findWashStudentInfo',
      session: me,
    });
    expect(info.data).toHaveLength(1);
    expect(info.data[0]).toMatchObject({
      id: String(s.id),
      xlcc: 2,
      photo_num: 2,
      bindingState: 1,
      schoolName: '北京大学',
    });
    expect(info.data[0].picUrl).toMatch(/^\/api\/binding\/photo\/\d+\/\d+\?exp=\d+&sig=/);
    // binding twice is refused
    const again = await bindProven(me, s);
    expect(again.code).toBe(409);
    expect(again.msg).toBe('您已绑定学籍信息，请先解绑');
  });

  it('refuses a record without a photo on file, and an unknown student number', async () => {
    const s = await nationalStudent({ hasPhoto: false });
    const me = await memberSession(app, undefined, { name: '张三' });
    for (const studentId of [s.xh, 'NOSUCH1']) {
      const r = await bindAs(me, { studentId, yxdm: '10001', idType: 1, idNum: s.idCard });
      expect(r.code).toBe(400);
      expect(r.msg).toBe('未查询到该学校该学号的照片信息');
    }
    expect(await status(me)).toBe(0);
  });

  it('answers a wrong ID number for a real record exactly as an unknown student number (existence is not told)', async () => {
    const s = await nationalStudent();
    const me = await memberSession(app, undefined, { name: '张三' });
    const wrong = makeIdNumber('320102', '20030415', 424);
    const real = await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 1, idNum: wrong });
    const none = await bindAs(me, { studentId: `${s.xh}X9`, yxdm: '10001', idType: 1, idNum: wrong });
    expect([real.code, real.msg]).toEqual([400, '未查询到该学校该学号的照片信息']);
    expect([none.code, none.msg]).toEqual([real.code, real.msg]);
    const realEn = await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 1, idNum: wrong }, { lang: 'en' });
    const noneEn = await bindAs(me, { studentId: 'NOSUCH2', yxdm: '10001', idType: 1, idNum: wrong }, { lang: 'en' });
    expect(realEn.msg).toBe('No photo is on file for this school and student number');
    expect(noneEn.msg).toBe(realEn.msg);
    expect(await status(me)).toBe(0);
  });

  it('never binds by the account name; a wrong ID number is refused; the right one binds (x or X)', async () => {
    const s = await nationalStudent({ xm: '李四', idCard: ID_CARD });
    const me = await memberSession(app, undefined, { name: '李四' });
    const byName = await bindAs(me, { studentId: s.xh, yxdm: '10001' });
    expect(byName.code).toBe(400);
    expect(byName.msg).toBe('请选择证件类型');
    expect((await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 1 })).msg).toBe('请输入身份证号');
    expect((await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 2, idNum: ' ' })).msg).toBe('请输入证件号');
    const en = await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 1 }, { lang: 'en' });
    expect(en.msg).toBe('Please enter the ID card number');
    const wrongCard = await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 1, idNum: '110101199003070011' });
    expect(wrongCard.code).toBe(400);
    expect(wrongCard.msg).toBe('未查询到该学校该学号的照片信息');
    const badPattern = await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 1, idNum: '12345' });
    expect(badPattern.msg).toBe('请输入正确的身份证号');
    expect(await status(me)).toBe(0);
    const ok = await bindAs(me, { studentId: s.xh, yxdm: '10001', idType: 1, idNum: ID_CARD.toLowerCase() });
    expect(ok.msg).toBe('绑定成功');
  });

  it("refuses someone else's student number with a wrong ID number; frees it after the unbind is approved", async () => {
    const s = await nationalStudent();
    const owner = await memberSession(app, undefined, { name: '张三' });
    const other = await memberSession(app, undefined, { name: '张三' });
    expect((await bindProven(owner, s)).code).toBe(200);
    const taken = await bindAs(other, {
      studentId: s.xh,
      yxdm: '10001',
      idType: 1,
      idNum: makeIdNumber('320102', '20030415', 999),
    });
    expect(taken.code).toBe(400);
    expect(taken.msg).toBe('未查询到该学校该学号的照片信息');
    expect(await status(other)).toBe(0);

    const un = await call(app, { url: '/api/binding/unbinding', session: owner });
    expect(un.code).toBe(200);
    expect(un.msg).toBe('解绑申请成功');
    expect(await status(owner)).toBe(2);
    const twice = await call(app, { url: '/api/binding/unbinding', session: owner });
    expect(twice.code).toBe(409);
    expect(twice.msg).toBe('解绑申请审核中，请联系客服');
    expect((await bindProven(owner, s)).msg).toBe('解绑申请审核中，请联系客服');

    // customer service approves (the console sets state 3)
    await app.ctx.db.update(bindings).set({ state: 3 }).where(eq(bindings.memberId, owner.memberId));
    expect(await status(owner)).toBe(3);
    expect((await call(app, { url: '/api/binding/unbinding', session: owner })).msg).toBe('请先绑定学籍信息');
    expect((await bindProven(other, s)).msg).toBe('绑定成功');
  });

  it('binds one student identity to one member when two try at once', async () => {
    const s = await nationalStudent();
    const a = await memberSession(app, undefined, { name: '张三' });
    const b = await memberSession(app, undefined, { name: '张三' });
    const results = await Promise.all([a, b].map((m) => bindProven(m, s)));
    expect(results.map((r) => r.code).sort()).toEqual([200, 409]);
    const held = await app.ctx.db.select().from(bindings).where(eq(bindings.studentId, s.xh));
    expect(held.filter((r) => r.state === 1)).toHaveLength(1);
  });

  it('refuses a malformed student number with 请输入正确的学号', async () => {
    const me = await memberSession(app, undefined, { name: '张三' });
    const r = await bindAs(me, { studentId: 'A-1 2', yxdm: '10001', idType: 1, idNum: ID_CARD });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('请输入正确的学号');
  });

  it('shows the bound school and student number while the unbind is pending', async () => {
    const s = await nationalStudent();
    const me = await memberSession(app, undefined, { name: '张三' });
    await bindProven(me, s);
    await call(app, { url: '/api/binding/unbinding', session: me });
    const info = await call<{ studentId: string; yxdm: string; bindingState: number }[]>(app, {
      url: '/api/binding/findWashStudentInfo',
      session: me,
    });
    expect(info.data[0]).toMatchObject({ studentId: s.xh, yxdm: '10001', bindingState: 2 });
  });

  it('withdraws a waiting unbind application: bound again; not twice, not without one, not for a dispute', async () => {
    const s = await nationalStudent();
    const me = await memberSession(app, undefined, { name: '张三' });
    const cancel = (session: Session) =>
      call(app, { method: 'POST', url: '/api/binding/cancelUnbinding', payload: {}, session });
    await bindProven(me, s);
    const none = await cancel(me);
    expect([none.code, none.msg]).toEqual([409, '没有待审核的解绑申请']);
    await call(app, { url: '/api/binding/unbinding', session: me });
    expect(await status(me)).toBe(2);
    const done = await cancel(me);
    expect([done.code, done.msg]).toEqual([200, '已撤销解绑申请']);
    expect(await status(me)).toBe(1);
    expect((await cancel(me)).code).toBe(409);
    // Another member has nothing to withdraw.
    const stranger = await memberSession(app, undefined, { name: '李四' });
    expect((await cancel(stranger)).msg).toBe('请先绑定学籍信息');
    // A binding held by a dispute stays with customer service.
    await call(app, { url: '/api/binding/unbinding', session: me });
    await app.ctx.db.update(bindings).set({ suspendedAt: new Date() }).where(eq(bindings.memberId, me.memberId));
    expect((await cancel(me)).code).toBe(409);
    const [row] = await app.ctx.db.select().from(bindings).where(eq(bindings.memberId, me.memberId));
    expect(row.state).toBe(2);
  });

  it('needs login: 700', async () => {
    const r = await call(app, { url: '/api/binding/findCheckStatus' });
    expect(r.code).toBe(700);
  });
});

describe('reprint orders', () => {
  async function boundMember() {
    const s = await nationalStudent();
    const me = await memberSession(app, undefined, { name: '张三' });
    expect((await bindProven(me, s)).code).toBe(200);
    return { s, me };
  }
  const create = (me: Session, payload: Record<string, unknown>) =>
    call<number>(app, { method: 'POST', url: '/api/order/createWashOrder', payload, session: me });
  const detail = (me: Session, id: number) =>
    call<{ order: Record<string, unknown>; orderDetails: Record<string, unknown>[]; shippingInfo: unknown }>(app, {
      url: `/api/order/findWashOrderAndOrderDetails?id=${id}`,
      session: me,
    });

  it('creates type-2 reprint orders priced by the server at 1 and 100 sheets, with and without disc', async () => {
    const { s, me } = await boundMember();
    for (const [num, dist, fen] of [
      [1, 0, 3000],
      [1, 1, 4000],
      [100, 0, 102000],
      [100, 1, 103000],
    ]) {
      const r = await create(me, { dist, num, thirdStudentId: String(s.id) });
      expect(r.code).toBe(200);
      const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, r.data));
      expect(o).toMatchObject({
        kind: 'reprint',
        type: 2,
        state: 110,
        num,
        dist,
        totalFen: fen,
        memberId: me.memberId,
      });
      const d = await detail(me, r.data);
      expect(d.data.order).toMatchObject({
        payTotal: (fen / 100).toFixed(2),
        canEditQuantity: true,
        canEditShipping: true,
        stateDesc: '待支付',
      });
      expect(d.data.orderDetails[0]).toMatchObject({ num, dist, studentId: s.xh, schoolName: '北京大学' });
    }
  });

  it('refuses 0 and 101 sheets with 数量为1到100 and a missing row with 请选择照片; creates nothing', async () => {
    const { s, me } = await boundMember();
    for (const num of [0, 101, 1.5]) {
      const r = await create(me, { dist: 0, num, thirdStudentId: String(s.id) });
      expect(r.code).toBe(400);
      expect(r.msg).toBe('数量为1到100');
    }
    const noRow = await create(me, { dist: 0, num: 1, thirdStudentId: '' });
    expect(noRow.msg).toBe('请选择照片');
    const badDisc = await create(me, { dist: 2, num: 1, thirdStudentId: String(s.id) });
    expect(badDisc.code).toBe(400);
    expect(badDisc.msg).toMatch(/^参数错误：dist/);
    const rows = await app.ctx.db.select().from(orders).where(eq(orders.memberId, me.memberId));
    expect(rows).toHaveLength(0);
  });

  it("refuses an order for someone else's student (403) and when not bound (409)", async () => {
    const { s } = await boundMember();
    const { me } = await boundMember();
    const r = await create(me, { dist: 0, num: 1, thirdStudentId: String(s.id) });
    expect(r.code).toBe(403);
    expect(r.msg).toBe('只能为本人绑定的学籍冲印照片');
    const stranger = await memberSession(app, undefined, { name: '张三' });
    const nb = await create(stranger, { dist: 0, num: 1, thirdStudentId: String(s.id) });
    expect(nb.code).toBe(409);
    expect(nb.msg).toBe('请先绑定学籍信息');
  });

  it('modifies quantity and disc at 110 only, owner only; reprices', async () => {
    const { s, me } = await boundMember();
    const id = (await create(me, { dist: 0, num: 2, thirdStudentId: String(s.id) })).data;
    const mod = await modify(me, { id, dist: 1, num: 5, thirdStudentId: String(s.id) });
    expect(mod.code).toBe(200);
    expect(mod.msg).toBe('修改成功');
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ num: 5, dist: 1, totalFen: 8000 });
    expect((await detail(me, id)).data.orderDetails[0]).toMatchObject({ num: 5, dist: 1 });

    const other = await memberSession(app, undefined, { name: '张三' });
    const theirs = await modify(other, { id, dist: 0, num: 1, thirdStudentId: String(s.id) });
    expect(theirs.code).toBe(403);
    expect((await detail(other, id)).code).toBe(403);

    await app.ctx.db.update(orders).set({ state: 120 }).where(eq(orders.id, id));
    const paid = await modify(me, { id, dist: 0, num: 1, thirdStudentId: String(s.id) });
    expect(paid.code).toBe(409);
    expect(paid.msg).toBe('当前状态不允许此操作');
    const d = await detail(me, id);
    expect(d.data.order).toMatchObject({
      num: 5,
      canEditQuantity: false,
      canEditShipping: true,
      canRefund: true,
      stateDesc: '待制作',
    });
  });

  it('creating needs a bound (not unbind-pending) student', async () => {
    const { s, me } = await boundMember();
    await call(app, { url: '/api/binding/unbinding', session: me });
    const r = await create(me, { dist: 0, num: 1, thirdStudentId: String(s.id) });
    expect(r.code).toBe(409);
    expect(r.msg).toBe('解绑申请审核中，请联系客服');
  });

  it('answers 404 for an unknown order', async () => {
    const { me } = await boundMember();
    expect((await detail(me, 999999)).code).toBe(404);
  });
});
