import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { isValidIdCard } from '@portal/contract/validation';
import { auditLog, bindings, nationalStudents } from '../../db/schema.ts';
import { call, staffCall, memberSession, staffSession, testApp, type Session } from '../../../test/helpers.ts';
import { storePhotoBytes } from '../photos/photo-service.ts';
import { makeIdNumber } from '../national/seed.ts';

/** Issue 17 item 1: binding someone else's record for reprints, and reading their photo on file. */
let app: FastifyInstance;
let seq = 0;
let portrait: Buffer;

interface Record {
  id: number;
  xh: string;
  xm: string;
  idCard: string;
}

/** A national record at school 10001 with a real photo on file and an ID number of its own. */
async function record(): Promise<Record> {
  const xh = `AB${Date.now() % 100000}${++seq}`;
  const idCard = makeIdNumber('440305', '20020918', seq);
  expect(isValidIdCard(idCard)).toBe(true);
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
  return { id: s.id, xh, xm: s.xm, idCard };
}

/** A valid ID number (check digit right) that is not the record's. */
const wrongNumber = (n: number) => makeIdNumber('440305', '19990101', 500 + n);

const bindWith = (me: Session, r: Record, idNum?: string, lang?: string) =>
  call(app, {
    method: 'POST',
    url: '/api/binding/binding',
    payload:
      idNum === undefined ? { studentId: r.xh, yxdm: '10001' } : { studentId: r.xh, yxdm: '10001', idType: 1, idNum },
    session: me,
    headers: lang ? { lang } : undefined,
  });
const status = async (me: Session) =>
  (await call<number>(app, { url: '/api/binding/findCheckStatus', session: me })).data;
const info = async (me: Session) =>
  (await call<{ picUrl: string | null }[]>(app, { url: '/api/binding/findWashStudentInfo', session: me })).data;
const fetchPhoto = (url: string) => app.inject({ method: 'GET', url });
const staff = (token: string) => ({ 'x-staff-token': token });

beforeAll(async () => {
  app = await testApp();
  portrait = await readFile(new URL('../../../test/fixtures/photos/compliant-1.jpg', import.meta.url));
});
afterAll(async () => {
  await app.close();
});

describe('binding proves identity with the document number', () => {
  it("never binds by the account name, even when it is set to the student's (the attack)", async () => {
    const r = await record();
    const attacker = await memberSession(app, undefined, { name: r.xm });
    const res = await bindWith(attacker, r);
    expect(res.code).toBe(400);
    expect(res.msg).toBe('请选择证件类型');
    expect(await status(attacker)).toBe(0);
    expect(await info(attacker)).toEqual([]);
    expect(await app.ctx.db.select().from(bindings).where(eq(bindings.memberId, attacker.memberId))).toHaveLength(0);
  });

  it("binds with the record's number, stores no number on the binding, and serves the photo through it", async () => {
    const r = await record();
    const me = await memberSession(app);
    expect((await bindWith(me, r, r.idCard)).msg).toBe('绑定成功');
    const [b] = await app.ctx.db.select().from(bindings).where(eq(bindings.memberId, me.memberId));
    expect(b.provenAt).toBeInstanceOf(Date);
    expect(JSON.stringify(b)).not.toContain(r.idCard);
    const [row] = await info(me);
    const photo = await fetchPhoto(row!.picUrl!);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(portrait)).toBe(true);
    // a forged or altered address is refused
    expect(
      (await fetchPhoto(row!.picUrl!.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A')))).statusCode,
    ).toBe(403);
    expect((await fetchPhoto(row!.picUrl!.replace(/\/photo\/\d+\//, `/photo/${b.id + 1000}/`))).statusCode).toBe(403);
  });
});

describe('failed proofs are limited: 5 a day per member and per record', () => {
  it('a member guessing across records is stopped at the 5th failure with the message and an audit row', async () => {
    const me = await memberSession(app);
    const records = await Promise.all([1, 2, 3, 4, 5, 6].map(() => record()));
    for (let i = 0; i < 4; i++) {
      const res = await bindWith(me, records[i]!, wrongNumber(i));
      expect(res.code).toBe(400);
      expect(res.msg).toBe('未查询到该学校该学号的照片信息');
    }
    const fifth = await bindWith(me, records[4]!, wrongNumber(4));
    expect(fifth.code).toBe(429);
    expect(fifth.msg).toBe('今日身份核验失败次数过多，请明天再试或联系客服');
    // now even the right number of a fresh record waits for tomorrow
    const right = await bindWith(me, records[5]!, records[5]!.idCard, 'en');
    expect(right.code).toBe(429);
    expect(right.msg).toBe(
      'Too many failed identity checks today. Please try again tomorrow or call customer service.',
    );
    expect(await status(me)).toBe(0);
    const audit = await app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'binding.locked'),
          eq(auditLog.targetKind, 'member'),
          eq(auditLog.targetId, String(me.memberId)),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ failures: 5, studentId: records[4]!.xh });
    expect(JSON.stringify(audit)).not.toContain(wrongNumber(4));
  });

  it('many accounts guessing one record lock that record, the real student included, for the day', async () => {
    const r = await record();
    for (let i = 0; i < 5; i++) {
      const res = await bindWith(await memberSession(app), r, wrongNumber(10 + i));
      expect(res.code).toBe(i < 4 ? 400 : 429);
    }
    const student = await memberSession(app);
    const res = await bindWith(student, r, r.idCard);
    expect(res.code).toBe(429);
    const audit = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'binding.locked'), eq(auditLog.targetId, `10001:${r.xh}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.targetKind).toBe('student');
  });

  it('a burst of parallel guesses cannot outrun the count', async () => {
    const me = await memberSession(app);
    const r = await record();
    const results = await Promise.all([...Array(12).keys()].map((i) => bindWith(me, r, wrongNumber(30 + i))));
    const mismatches = results.filter((x) => x.code === 400).length;
    expect(mismatches).toBeLessThanOrEqual(4);
    expect(results.filter((x) => x.code === 429).length).toBe(12 - mismatches);
  });

  it('a right proof does not use up a try', async () => {
    const r = await record();
    const me = await memberSession(app);
    for (let i = 0; i < 4; i++) expect((await bindWith(me, r, wrongNumber(60 + i))).code).toBe(400);
    expect((await bindWith(me, r, r.idCard)).msg).toBe('绑定成功');
  });
});

describe('a student proving identity of a record bound to someone else', () => {
  /** The attack as it was possible before: a binding made by name alone. */
  async function attackerHolding(r: Record) {
    const attacker = await memberSession(app, undefined, { name: r.xm });
    const [b] = await app.ctx.db
      .insert(bindings)
      .values({ memberId: attacker.memberId, yxdm: '10001', studentId: r.xh, nationalStudentId: r.id, state: 1 })
      .returning();
    const [row] = await info(attacker);
    expect((await fetchPhoto(row!.picUrl!)).statusCode).toBe(200);
    return { attacker, binding: b, picUrl: row!.picUrl! };
  }

  it('opens a dispute, suspends the earlier binding (no info, photo or order), and staff see it masked', async () => {
    const r = await record();
    const { attacker, binding, picUrl } = await attackerHolding(r);
    const student = await memberSession(app, '13712345678', { name: '陈小明' });
    const res = await bindWith(student, r, r.idCard);
    expect(res.code).toBe(409);
    expect(res.msg).toBe('该学籍已被其他账号绑定。您的身份已核验通过，已提交客服核实，核实期间原绑定暂停使用');
    expect(await status(student)).toBe(0);

    // the earlier binding reads nothing, not even through the address it was given before
    expect(await info(attacker)).toEqual([]);
    expect((await fetchPhoto(picUrl)).statusCode).toBe(403);
    expect(await status(attacker)).toBe(2);
    const order = await call(app, {
      method: 'POST',
      url: '/api/order/createWashOrder',
      payload: { dist: 0, num: 1, thirdStudentId: String(r.id) },
      session: attacker,
    });
    expect(order.code).toBe(409);
    expect(order.msg).toBe('您的绑定因身份争议已暂停，请联系客服');
    expect((await call(app, { url: '/api/binding/unbinding', session: attacker })).msg).toBe(
      '您的绑定因身份争议已暂停，请联系客服',
    );

    // a third member proving too is told to wait
    const third = await bindWith(await memberSession(app), r, r.idCard);
    expect(third.code).toBe(409);
    expect(third.msg).toBe('该学籍的绑定争议正在由客服处理，请等待处理结果');

    const reviewer = await staffSession(app, 'reviewer');
    const list = await call<
      {
        id: number;
        studentId: string;
        holder: { account: string; name: string; proven: boolean; memberId: number };
        claimant: { account: string; name: string };
      }[]
    >(app, {
      url: '/api/console/binding-disputes',
      headers: staff(reviewer.token),
    });
    const d = list.data.find((x) => x.studentId === r.xh)!;
    expect(d.holder).toMatchObject({ memberId: attacker.memberId, name: '陈**', proven: false });
    expect(d.holder.account).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(d.claimant).toMatchObject({ account: '137****5678', name: '陈**' });
    expect(JSON.stringify(list.data)).not.toContain(r.idCard);
    const [audit] = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'binding.dispute'), eq(auditLog.targetId, String(d.id))));
    expect(audit!.after).toMatchObject({ bindingId: binding.id, suspended: true, claimantId: student.memberId });

    // only reviewers (and admins) decide
    const editor = await staffSession(app, 'editor');
    expect(
      (await staffCall(app, editor.token, `/api/console/binding-disputes/${d.id}/resolve`, { outcome: 'claimant' }))
        .code,
    ).toBe(403);

    // staff give the record to the student who proved identity
    const done = await staffCall(app, reviewer.token, `/api/console/binding-disputes/${d.id}/resolve`, {
      outcome: 'claimant',
    });
    expect(done.code).toBe(200);
    expect(await status(student)).toBe(1);
    const [mine] = await info(student);
    expect((await fetchPhoto(mine!.picUrl!)).statusCode).toBe(200);
    expect(await status(attacker)).toBe(3);
    expect((await fetchPhoto(picUrl)).statusCode).toBe(403);
    const twice = await staffCall(app, reviewer.token, `/api/console/binding-disputes/${d.id}/resolve`, {
      outcome: 'holder',
    });
    expect(twice.code).toBe(409);
    expect(twice.msg).toBe('该争议已处理');
    const decided = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'binding.dispute.toClaimant'), eq(auditLog.targetId, String(d.id))));
    expect(decided).toHaveLength(1);
    expect(decided[0]!.actorId).toBe(reviewer.staffId);
  });

  it('staff restoring the earlier binding lift the suspension; the claimant stays unbound', async () => {
    const r = await record();
    const { attacker, picUrl } = await attackerHolding(r);
    const claimant = await memberSession(app);
    expect((await bindWith(claimant, r, r.idCard)).code).toBe(409);
    const reviewer = await staffSession(app, 'reviewer');
    const list = await staffCall<{ id: number; studentId: string }[]>(
      app,
      reviewer.token,
      '/api/console/binding-disputes',
    );
    const d = list.data.find((x) => x.studentId === r.xh)!;
    const res = await staffCall<{ state: number }>(
      app,
      reviewer.token,
      `/api/console/binding-disputes/${d.id}/resolve`,
      { outcome: 'holder' },
    );
    expect(res.data.state).toBe(3);
    expect(await status(attacker)).toBe(1);
    expect(await info(attacker)).toHaveLength(1);
    expect((await fetchPhoto(picUrl)).statusCode).toBe(200);
    expect(await status(claimant)).toBe(0);
    const after = await staffCall<{ id: number }[]>(app, reviewer.token, '/api/console/binding-disputes?state=1');
    expect(after.data.map((x) => x.id)).not.toContain(d.id);
    const bad = await staffCall(app, reviewer.token, `/api/console/binding-disputes/${d.id}/resolve`, {
      outcome: 'someone',
    });
    expect(bad.code).toBe(400);
  });
});
