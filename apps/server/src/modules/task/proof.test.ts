import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { call, memberSession, useTestApp, type Session } from '../../../test/helpers.ts';
import { auditLog, nationalStudents, orderDetails, orders, taskStudentProofs, tasks } from '../../db/schema.ts';
import { photoOf, seedTaskFixtures } from './test-fixtures.ts';
import { DEMO_CODES } from './seed.ts';

/**
 * Issue 32, item 8: a member files a centralised order only for a student they proved to be
 * (the last 4 characters of the record's ID number), counted like binding attempts.
 * Item 2 (the portal side): two active tasks on one link are never chosen between silently.
 */
let app: FastifyInstance;
let fx: Awaited<ReturnType<typeof seedTaskFixtures>>;
useTestApp(async (built) => {
  app = built;
  fx = await seedTaskFixtures(app);
});

const PKU = DEMO_CODES.pku;
const LI_MING = '100012025000000001';

interface Answer {
  proof: string;
  row: number;
  bh: string;
  prefill: Record<string, unknown>;
}
const match = (s: Session, studentId: string, signature = PKU) =>
  call<Answer>(app, {
    method: 'GET',
    url: `/api/baseInfo/matchStudent?yxdm=10001&signature=${signature}&studentId=${studentId}`,
    session: s,
  });
const prove = (s: Session, studentId: string, idLast4: string, headers?: Record<string, string>) =>
  call<Answer>(app, {
    method: 'POST',
    url: '/api/baseInfo/proveStudent',
    session: s,
    payload: { yxdm: '10001', signature: PKU, studentId, idLast4 },
    headers,
  });
const create = async (s: Session, over: Record<string, unknown> = {}) =>
  call<{ id: number }>(app, {
    method: 'POST',
    url: '/api/taskOrder/create',
    session: s,
    payload: {
      xm: '别人',
      zjlx: 1,
      sfzh: '110***********1232',
      xh: LI_MING,
      xb: 0,
      xlcc: 2,
      xllb: 1,
      xxlb: 1,
      yxdm: '10001',
      mobile: '13812345678',
      mail: 'li@x',
      picUrl: await photoOf(app, s.memberId),
      taskId: fx.pku.id,
      signature: PKU,
      ...over,
    },
  });
const ordersOf = (s: Session) => app.ctx.db.select().from(orders).where(eq(orders.memberId, s.memberId));

let seq = 0;
/** Another platform student of 10001 with its own ID number (ending in the given 4 characters). */
async function student(last4: string): Promise<string> {
  const xh = `10001202599${String(++seq).padStart(6, '0')}`;
  const zjhm = `11010120000101${last4}`;
  await app.ctx.db.insert(nationalStudents).values({
    xh,
    xm: `学生${seq}`,
    zjhmEnc: app.ctx.pii.encrypt(zjhm),
    zjhmHash: app.ctx.pii.blindIndex(zjhm),
    yxdm: '10001',
    schoolName: '北京大学',
    xllb: 1,
    education: 2,
    sex: 1,
  });
  return xh;
}

describe('the identity proof before the centralised form', () => {
  it('a match names no one before the proof: no name, ID number, row or serial number', async () => {
    const s = await memberSession(app);
    const r = await match(s, LI_MING);
    expect(r.code).toBe(200);
    expect(r.data.proof).toBe('needed');
    expect([r.data.row, r.data.bh]).toEqual([0, '']);
    expect(r.data.prefill).toMatchObject({ xm: null, sfzhMasked: null, hasSfzh: false, zy: null, bh: null });
    expect(JSON.stringify(r.data)).not.toContain('李明');
    // A number the platform does not know has nothing to prove.
    expect((await match(s, '440305199903150028')).data.proof).toBe('none');
  });

  it('refuses to create an order for a platform student the member has not proved, and writes nothing', async () => {
    const s = await memberSession(app);
    const r = await create(s);
    expect([r.code, r.msg]).toEqual([403, '请先输入身份证号后4位核验身份']);
    // By ID number (the entry also takes one) the same.
    const byId = await create(s, { xh: fx.zjhm, sfzh: fx.zjhm });
    expect(byId.code).toBe(403);
    expect(await ordersOf(s)).toHaveLength(0);
  });

  it('the last 4 characters open the form (ID number masked) and the order gets the record’s number', async () => {
    const s = await memberSession(app);
    const wrong = await prove(s, LI_MING, '1233');
    expect([wrong.code, wrong.msg]).toEqual([400, '身份证号后4位与学籍信息不一致']);
    expect((await create(s)).code).toBe(403);
    const en = await prove(s, LI_MING, '0000', { lang: 'en' });
    expect(en.msg).toBe('The last 4 characters do not match the ID number on the student record');
    const ok = await prove(s, LI_MING, '1232');
    expect([ok.code, ok.msg, ok.data.proof]).toEqual([200, '身份核验通过', 'done']);
    expect(ok.data.prefill).toMatchObject({ xm: '李明', sfzhMasked: '110***********1232', hasSfzh: true });
    expect(ok.data.bh).toBe('BH0001');
    expect(JSON.stringify(ok.data)).not.toContain(fx.zjhm);
    const again = await match(s, LI_MING);
    expect([again.data.proof, again.data.prefill.xm]).toEqual(['done', '李明']);
    expect(JSON.stringify(again.data)).not.toContain(fx.zjhm);
    // A number typed over the masked one does not replace the record's.
    const o = await create(s, { sfzh: '440305199903150028' });
    expect(o.code).toBe(200);
    const [d] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, o.data.id));
    expect([d.name, app.ctx.pii.decrypt(d.idNumEnc!)]).toEqual(['李明', fx.zjhm]);
  });

  it('a proof is the member’s own, for a while: another member, or the same one after it lapses, is refused', async () => {
    const xh = await student('123X');
    const a = await memberSession(app);
    const b = await memberSession(app);
    // An X is an X in either case.
    expect((await prove(a, xh, '123x')).code).toBe(200);
    expect((await create(b, { xh, sfzh: '110***********123X' })).code).toBe(403);
    await app.ctx.db
      .update(taskStudentProofs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(taskStudentProofs.memberId, a.memberId));
    expect((await match(a, xh)).data.proof).toBe('needed');
    const lapsed = await create(a, { xh, sfzh: '110***********123X' });
    expect([lapsed.code, lapsed.msg]).toEqual([403, '请先输入身份证号后4位核验身份']);
  });

  it('names the field and the rule for bad input', async () => {
    const s = await memberSession(app);
    const empty = await prove(s, LI_MING, '');
    expect([empty.code, empty.msg]).toEqual([400, '请输入身份证号后4位']);
    const bad = await prove(s, LI_MING, '12-4');
    expect([bad.code, bad.msg]).toEqual([400, '身份证号后4位为4位数字或字母']);
    const unknown = await prove(s, '440305199903150028', '0028');
    expect([unknown.code, unknown.msg]).toEqual([404, '未找到该学生的学籍信息，无需核验']);
  });

  it('stops a member after 5 failures a day, even with the right characters, and audits it', async () => {
    const s = await memberSession(app);
    const records = [await student('0001'), await student('0002'), await student('0003')];
    for (let i = 0; i < 4; i++) expect((await prove(s, records[i % 3]!, '9999')).code).toBe(400);
    const fifth = await prove(s, records[0]!, '9999');
    expect([fifth.code, fifth.msg]).toEqual([429, '今日身份核验失败次数过多，请明天再试或联系客服']);
    expect((await prove(s, records[1]!, '0002')).code).toBe(429);
    expect((await match(s, records[1]!)).data.proof).toBe('needed');
    const audit = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'task.proofLocked'), eq(auditLog.targetId, String(s.memberId))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].after)).not.toContain('9999');
  });

  it('stops a record after 5 failures a day from any accounts; a right proof gives its try back', async () => {
    const xh = await student('4321');
    const owner = await memberSession(app);
    expect((await prove(owner, xh, '4321')).code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await prove(await memberSession(app), xh, '1111')).code).toBe(400);
    expect((await prove(await memberSession(app), xh, '1111')).code).toBe(429);
    const late = await prove(await memberSession(app), xh, '4321');
    expect([late.code, late.msg]).toEqual([429, '今日身份核验失败次数过多，请明天再试或联系客服']);
    const audit = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'task.proofLocked'), eq(auditLog.targetKind, 'student')));
    expect(audit.map((r) => r.targetId)).toContain(`10001:${xh}`);
  });
});

describe('one active task per school link', () => {
  it('the database refuses a second active task on a school’s feature code, in any case', async () => {
    const row = {
      yxdm: '10001',
      featureCode: PKU.toLowerCase(),
      nameZh: '冒名任务',
      nameEn: 'Impostor',
      priceFen: 9900,
      endTime: new Date(Date.now() + 400 * 86_400_000),
      fy: 'shanghai',
    };
    await expect(app.ctx.db.insert(tasks).values(row)).rejects.toThrow();
    // A closed (inactive) one may share it.
    await app.ctx.db.insert(tasks).values({ ...row, active: false });
  });

  it('should two still match, the link answers 409 and no task is chosen', async () => {
    const s = await memberSession(app);
    await app.ctx.db.execute(sql`drop index tasks_open_school_code_uq`);
    const [extra] = await app.ctx.db
      .insert(tasks)
      .values({
        yxdm: '10001',
        featureCode: PKU,
        nameZh: '冒名任务',
        nameEn: 'Impostor',
        priceFen: 9900,
        endTime: new Date(Date.now() + 400 * 86_400_000),
        fy: 'shanghai',
      })
      .returning();
    try {
      const m = await match(s, '440305199903150028');
      expect([m.code, m.msg]).toEqual([409, '该学校和特征码对应多个采集任务，请联系客服']);
      const mosaic = await call(app, {
        method: 'GET',
        url: `/api/baseInfo/getTaskIsMosaic?yxdm=10001&signature=${PKU}`,
      });
      expect(mosaic.code).toBe(409);
      expect((await prove(s, LI_MING, '1232')).code).toBe(409);
    } finally {
      await app.ctx.db.delete(tasks).where(eq(tasks.id, extra!.id));
      await app.ctx.db.execute(
        sql`create unique index tasks_open_school_code_uq on tasks (yxdm, upper(feature_code)) where active`,
      );
    }
    expect((await match(s, '440305199903150028')).code).toBe(200);
  });
});
