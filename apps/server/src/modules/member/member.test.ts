import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { call, memberSession, useTestApp, mobileSequence } from '../../../test/helpers.ts';
import {
  captchas,
  members,
  orderDetails,
  orders,
  photoCandidates,
  photos,
  rateCounters,
  sessions,
} from '../../db/schema.ts';
import { lastCode, pick, qs, solvedCaptcha } from '../auth/test-kit.ts';
import sharp from 'sharp';
import { storePhotoBytes } from '../photos/photo-service.ts';
import { insertOrder } from '../../../test/order-rows.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const newMobile = mobileSequence('135');
type S = Awaited<ReturnType<typeof memberSession>>;
const get = (s: S, url: string, q: Record<string, string> = {}) =>
  call(app, { method: 'GET', url: `${url}?${qs(q)}`, session: s });
const post = (s: S, url: string, payload: object) => call(app, { method: 'POST', url, payload, session: s });

const addOrder = (memberId: number, state: number, kind: 'individual' | 'task' = 'individual') =>
  insertOrder(app, { memberId, state, kind }, { name: '张三', mobile: '13900000000', idNumMask: '110***********1234' });

describe('profile', () => {
  it('changes the name with the specification messages', async () => {
    const s = await memberSession(app, newMobile());
    expect((await post(s, '/api/member/updateMemberInfo', { name: '' })).msg).toBe('请输入姓名');
    expect((await post(s, '/api/member/updateMemberInfo', { name: 'abc123' })).msg).toBe('请输入正确的姓名');
    expect((await post(s, '/api/member/updateMemberInfo', { name: '王·小明', mail: '' })).msg).toBe('邮箱不能为空');
    const ok = await post(s, '/api/member/updateMemberInfo', { name: '买买提·艾力' });
    expect([ok.code, ok.msg]).toEqual([200, '修改成功']);
    const info = await get(s, '/api/member/getMemberInfo');
    expect((info.data as { name: string }).name).toBe('买买提·艾力');
  });

  it('changes the mobile: must differ, captcha, code to the new number, then every session ends', async () => {
    const s = await memberSession(app, newMobile());
    const other = await memberSession(app, s.mobile); // a second session of the same member
    const next = newMobile();
    expect((await get(s, '/api/member/sendCode', { mobile: s.mobile, ...pick(await solvedCaptcha(app)) })).msg).toBe(
      '新手机号不能原手机号一样',
    );
    expect((await get(s, '/api/member/sendCode', { mobile: next })).msg).toBe('请先输入手机号和图形验证码');
    const cap = await solvedCaptcha(app);
    expect((await get(s, '/api/member/sendCode', { mobile: next, ...pick(cap) })).code).toBe(200);
    const code = (await lastCode(app, next))!;
    const missing = await post(s, '/api/member/updateMobile', { mobile: next, code: '', ...pick(cap) });
    expect(missing.msg).toBe('请输入手机验证码');
    const r = await post(s, '/api/member/updateMobile', { mobile: next, code, ...pick(cap) });
    expect([r.code, r.msg]).toEqual([200, '修改成功']);
    expect((await get(s, '/api/member/getMemberInfo')).code).toBe(700);
    expect((await get(other, '/api/member/getMemberInfo')).code).toBe(700);
    const [m] = await app.ctx.db.select().from(members).where(eq(members.id, s.memberId));
    expect(m.mobile).toBe(next);
  });

  it('changes the e-mail with a code to the new address', async () => {
    const s = await memberSession(app, newMobile(), { mail: 'old@example.com' });
    await app.ctx.db.update(members).set({ mailVerifiedAt: new Date() }).where(eq(members.id, s.memberId));
    expect(
      (await get(s, '/api/member/sendMailCode', { mail: 'OLD@example.com', ...pick(await solvedCaptcha(app)) })).msg,
    ).toBe('新邮箱不能与原邮箱一样');
    expect((await get(s, '/api/member/sendMailCode', { mail: 'nope', ...pick(await solvedCaptcha(app)) })).msg).toBe(
      '邮箱格式有误',
    );
    expect((await get(s, '/api/member/sendMailCode', { mail: 'new@example.com' })).msg).toBe(
      '请先输入邮箱和图形验证码',
    );
    expect(
      (await get(s, '/api/member/sendMailCode', { mail: 'new@example.com', ...pick(await solvedCaptcha(app)) })).code,
    ).toBe(200);
    expect((await post(s, '/api/member/updateMail', { mail: 'new@example.com', code: '' })).msg).toBe(
      '请输入邮箱验证码',
    );
    const r = await post(s, '/api/member/updateMail', {
      mail: 'new@example.com',
      code: (await lastCode(app, 'new@example.com'))!,
    });
    expect([r.code, r.msg]).toEqual([200, '修改成功']);
    expect(((await get(s, '/api/member/getMemberInfo')).data as { mail: string }).mail).toBe('new@example.com');
  });
});

describe('rejected-photo flag', () => {
  it('is 0 none, 1 individual, 2 collective, 3 both', async () => {
    const s = await memberSession(app, newMobile());
    const flag = async () => (await get(s, '/api/baseInfo/refuseList')).data;
    expect(await flag()).toBe(0);
    await addOrder(s.memberId, 125, 'task');
    expect(await flag()).toBe(2);
    await addOrder(s.memberId, 125);
    expect(await flag()).toBe(3);
    const t = await memberSession(app, newMobile());
    await addOrder(t.memberId, 125);
    expect((await get(t, '/api/baseInfo/refuseList')).data).toBe(1);
  });
});

describe('deactivation', () => {
  it('is refused while a paid order is unshipped: told before any code is sent, with the order to look at', async () => {
    const s = await memberSession(app, newMobile());
    expect((await get(s, '/api/member/deactivationCheck')).data).toEqual({ pendingOrders: [] });
    const o = await addOrder(s.memberId, 115);
    await addOrder(s.memberId, 145); // shipped: no obstacle
    const check = await get(s, '/api/member/deactivationCheck');
    expect(check.data).toEqual({ pendingOrders: [{ id: o.id, orderNo: o.orderNo, kind: 'individual', state: 115 }] });
    const r = await get(s, '/api/login/sendLogoutCode', pick(await solvedCaptcha(app)));
    expect([r.status, r.msg]).toEqual([409, '您有已支付但尚未发货的订单，暂不能注销账户，请在订单发货后再试']);
    expect(await lastCode(app, s.mobile)).toBeNull();
    const late = await get(s, '/api/login/logout', { messageCode: '123456' });
    expect([late.status, late.msg]).toEqual([409, '您有已支付但尚未发货的订单，暂不能注销账户，请在订单发货后再试']);
    const [m] = await app.ctx.db.select().from(members).where(eq(members.id, s.memberId));
    expect(m.status).toBe('active');
  });

  it('needs a captcha for its code, and leaves neither the code nor the mobile in the outbox or the counters', async () => {
    const s = await memberSession(app, newMobile());
    expect((await get(s, '/api/login/sendLogoutCode')).msg).toBe('请先输入图形验证码');
    expect((await get(s, '/api/login/sendLogoutCode', pick(await solvedCaptcha(app)))).code).toBe(200);
    const code = (await lastCode(app, s.mobile))!;
    expect((await get(s, '/api/login/logout', { messageCode: code })).code).toBe(200);
    expect(await lastCode(app, s.mobile)).toBeNull();
    const keys = await app.ctx.db.select({ key: rateCounters.key }).from(rateCounters);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.key.includes(s.mobile))).toEqual([]);
    const bound = await app.ctx.db.select({ t: captchas.boundTarget }).from(captchas);
    expect(bound.filter((c) => c.t?.includes(s.mobile))).toEqual([]);
  });

  it('erases the personal data, ends sessions and keeps the orders anonymised', async () => {
    const s = await memberSession(app, newMobile(), { name: '要注销', mail: 'bye@example.com' });
    const o = await addOrder(s.memberId, 145);
    const photo = await storePhotoBytes(
      app.ctx,
      s.memberId,
      await sharp({ create: { width: 480, height: 640, channels: 3, background: '#64c5ff' } })
        .jpeg()
        .toBuffer(),
      'upload',
    );
    expect(await app.ctx.storage.get(photo.storageKey)).not.toBeNull();
    // A photo the machine corrected keeps the original upload; another correction waits for a choice.
    const extraKeys = ['a', 'b', 'c'].map((x) => `${x.repeat(40)}.jpg`);
    for (const k of extraKeys) await app.ctx.storage.put(k, Buffer.from('face'), 'image/jpeg');
    await app.ctx.db
      .update(photos)
      .set({ originalKey: extraKeys[0], autoCorrected: true })
      .where(eq(photos.id, photo.id));
    await app.ctx.db.insert(photoCandidates).values({
      id: 'd'.repeat(32),
      memberId: s.memberId,
      correctedKey: extraKeys[1]!,
      originalKey: extraKeys[2]!,
      steps: ['crop'],
      background: 'blue',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect((await get(s, '/api/login/logout', { messageCode: '12' })).msg).toBe('验证码格式不符');
    await get(s, '/api/login/sendLogoutCode', pick(await solvedCaptcha(app)));
    const r = await get(s, '/api/login/logout', { messageCode: (await lastCode(app, s.mobile))! });
    expect(r.code).toBe(200);
    expect((await get(s, '/api/member/getMemberInfo')).code).toBe(700);
    const [m] = await app.ctx.db.select().from(members).where(eq(members.id, s.memberId));
    expect(m).toMatchObject({ status: 'deactivated', mobile: null, mail: null, name: null });
    const [kept] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.id));
    expect(kept.totalFen).toBe(3000);
    expect(kept.anonymisedAt).not.toBeNull();
    const [d] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, o.id));
    expect(d).toMatchObject({ name: '已注销', mobile: null, idNumMask: null });
    const live = await app.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.memberId, s.memberId), isNull(sessions.endedAt)));
    expect(live).toHaveLength(0);
    // The face photo is gone from storage too, not only its row; so are originals and pending corrections.
    expect(await app.ctx.storage.get(photo.storageKey)).toBeNull();
    for (const k of extraKeys) expect(await app.ctx.storage.get(k)).toBeNull();
    expect(await app.ctx.db.select().from(photoCandidates).where(eq(photoCandidates.memberId, s.memberId))).toEqual([]);
  });
});
