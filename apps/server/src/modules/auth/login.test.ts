import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { call, useTestApp, mobileSequence } from '../../../test/helpers.ts';
import { members, sessions, verificationCodes } from '../../db/schema.ts';
import { outbox } from '../../providers/outbox.ts';
import { lastCode, pick, qs, smsLogin, solvedCaptcha } from './test-kit.ts';
import { counterKeys } from './codes.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const newMobile = mobileSequence('139');
const get = (url: string, q: Record<string, string | number>) => call(app, { method: 'GET', url: `${url}?${qs(q)}` });

describe('image captcha', () => {
  it('is a 4-character JPEG picture (no text to read), answer kept only on the server', async () => {
    const cap = await solvedCaptcha(app);
    expect(cap.imageCode).toMatch(/^[A-Za-z0-9]{4}$/);
    expect(cap.image).toMatch(/^data:image\/jpeg;base64,/);
    const jpeg = Buffer.from(cap.image.split(',')[1], 'base64');
    expect(jpeg.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(jpeg.toString('latin1')).not.toContain(cap.imageCode);
  });

  it('sending needs mobile and image code first; a wrong captcha dies', async () => {
    const mobile = newMobile();
    expect((await get('/api/login/sendCode', { mobile })).msg).toBe('请先输入手机号和图形验证码');
    expect((await get('/api/login/sendCode', { imageToken: 'x', imageCode: 'abcd' })).msg).toBe(
      '请先输入手机号和图形验证码',
    );
    expect((await get('/api/login/sendCode', { mobile: '2345', imageToken: 'x', imageCode: 'abcd' })).msg).toBe(
      '请输入正确的手机号',
    );
    expect((await get('/api/login/sendCode', { mobile, imageToken: 'x', imageCode: 'ab!' })).msg).toBe(
      '验证码格式不符',
    );
    const cap = await solvedCaptcha(app);
    const wrong = cap.imageCode === 'zzzz' ? 'yyyy' : 'zzzz';
    const r = await get('/api/login/sendCode', { mobile, imageToken: cap.imageToken, imageCode: wrong });
    expect([r.status, r.msg]).toEqual([400, '图形验证码错误，请重新输入']);
    const again = await get('/api/login/sendCode', { mobile, ...pick(cap) });
    expect(again.msg).toBe('图形验证码已失效，请点击图片刷新');
    expect(await lastCode(app, mobile)).toBeNull();
  });

  it('is bound to the mobile it was solved for and serves one login', async () => {
    const a = newMobile();
    const cap = await solvedCaptcha(app);
    expect((await get('/api/login/sendCode', { mobile: a, ...pick(cap) })).code).toBe(200);
    expect((await get('/api/login/sendCode', { mobile: newMobile(), ...pick(cap) })).msg).toBe(
      '图形验证码已失效，请点击图片刷新',
    );
    const code = (await lastCode(app, a))!;
    expect((await get('/api/login/auth', { mobile: a, ...pick(cap), messageCode: code })).code).toBe(200);
    const reuse = await get('/api/login/auth', { mobile: a, ...pick(cap), messageCode: code });
    expect(reuse.msg).toBe('图形验证码已失效，请点击图片刷新');
  });

  it('expires after 5 minutes', async () => {
    const cap = await solvedCaptcha(app);
    await app.ctx.db.execute(
      sql`update captchas set expires_at = now() - interval '1 second' where token = ${cap.imageToken}`,
    );
    expect((await get('/api/login/sendCode', { mobile: newMobile(), ...pick(cap) })).msg).toBe(
      '图形验证码已失效，请点击图片刷新',
    );
  });
});

describe('login', () => {
  it('checks every field with the specification messages', async () => {
    const cap = await solvedCaptcha(app);
    const base = { mobile: newMobile(), ...pick(cap), messageCode: '123456' };
    expect((await get('/api/login/auth', { ...base, mobile: '' })).msg).toBe('请输入手机号');
    expect((await get('/api/login/auth', { ...base, mobile: '1234567890' })).msg).toBe('请输入正确的手机号');
    expect((await get('/api/login/auth', { ...base, imageCode: '' })).msg).toBe('请输入验证码');
    expect((await get('/api/login/auth', { ...base, imageCode: 'abcde' })).msg).toBe('验证码格式不符');
    expect((await get('/api/login/auth', { ...base, messageCode: '' })).msg).toBe('请输入手机验证码');
    expect((await get('/api/login/auth', { ...base, messageCode: '12345' })).msg).toBe('验证码格式不符');
    const en = await call(app, {
      method: 'GET',
      url: `/api/login/auth?${qs({ ...base, mobile: '' })}`,
      headers: { lang: 'en' },
    });
    expect(en.msg).toBe('Please enter your mobile number');
  });

  it('creates the member at first login with isFirst, a hashed token and a CSPRNG code stored hashed', async () => {
    const mobile = newMobile();
    const r = await smsLogin(app, mobile);
    expect(r.code).toBe(200);
    expect(r.data.isFirst).toBe(true);
    expect(r.data.token).toMatch(/^[0-9a-f]{64}$/);
    const [m] = await app.ctx.db.select().from(members).where(eq(members.mobile, mobile));
    expect(m.id).toBe(r.data.memberId);
    const rows = await app.ctx.db.select().from(sessions).where(eq(sessions.memberId, m.id));
    expect(rows.map((s) => s.tokenHash)).not.toContain(r.data.token);
    const codes = await app.ctx.db.select().from(verificationCodes).where(eq(verificationCodes.target, mobile));
    const sent = await app.ctx.db.select().from(outbox).where(eq(outbox.to, mobile));
    expect(sent[0].text).toContain(sent[0].code!);
    expect(codes[0].codeHash).not.toContain(sent[0].code!);
    const again = await smsLogin(app, mobile).catch((e) => e);
    expect(again).toBeInstanceOf(Error); // 60 s resend rule
  });

  it('answers a send the same whether the number is registered or not', async () => {
    const known = newMobile();
    await smsLogin(app, known);
    await app.ctx.db.execute(
      sql`update verification_codes set created_at = now() - interval '2 minutes' where target = ${known}`,
    );
    const c1 = await solvedCaptcha(app);
    const c2 = await solvedCaptcha(app);
    const a = await get('/api/login/sendCode', { mobile: known, ...pick(c1) });
    const b = await get('/api/login/sendCode', { mobile: newMobile(), ...pick(c2) });
    expect([a.code, a.msg, a.data]).toEqual([b.code, b.msg, b.data]);
  });

  it('refuses a wrong SMS code, and kills it after 5 wrong tries', async () => {
    const mobile = newMobile();
    const cap = await solvedCaptcha(app);
    await get('/api/login/sendCode', { mobile, ...pick(cap) });
    const code = (await lastCode(app, mobile))!;
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: string[] = [];
    // Every try needs a fresh captcha: a failed login uses it up (the page shows a new one).
    for (let i = 0; i < 5; i++)
      answers.push(
        (await get('/api/login/auth', { mobile, ...pick(await solvedCaptcha(app)), messageCode: wrong })).msg,
      );
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('验证码错误'));
    expect(answers[4]).toBe('验证码错误次数过多，请重新获取');
    const right = await get('/api/login/auth', { mobile, ...pick(await solvedCaptcha(app)), messageCode: code });
    expect(right.msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('refuses an expired SMS code', async () => {
    const mobile = newMobile();
    const cap = await solvedCaptcha(app);
    await get('/api/login/sendCode', { mobile, ...pick(cap) });
    await app.ctx.db.execute(
      sql`update verification_codes set expires_at = now() - interval '1 second' where target = ${mobile}`,
    );
    const r = await get('/api/login/auth', { mobile, ...pick(cap), messageCode: (await lastCode(app, mobile))! });
    expect([r.status, r.msg]).toEqual([400, '验证码已失效，请重新获取']);
  });
});

describe('abuse limits', () => {
  const send = async (mobile: string) => get('/api/login/sendCode', { mobile, ...pick(await solvedCaptcha(app)) });
  const backdate = (mobile: string) =>
    app.ctx.db.execute(
      sql`update verification_codes set created_at = created_at - interval '61 seconds' where target = ${mobile}`,
    );

  it('waits 60 s between codes to one mobile', async () => {
    const mobile = newMobile();
    expect((await send(mobile)).code).toBe(200);
    const r = await send(mobile);
    expect(r.status).toBe(429);
    expect(r.msg).toMatch(/^请(59|60)秒后再获取验证码$/);
    // The answer carries the seconds left, for the button's countdown.
    expect([59, 60]).toContain((r.data as { waitSeconds: number }).waitSeconds);
    await backdate(mobile);
    expect((await send(mobile)).code).toBe(200);
  });

  it('allows 5 codes per mobile an hour and 10 a day', async () => {
    const mobile = newMobile();
    for (let i = 0; i < 5; i++) {
      expect((await send(mobile)).code).toBe(200);
      await backdate(mobile);
    }
    const r = await send(mobile);
    expect([r.status, r.msg]).toEqual([429, '该号码1小时内获取验证码次数已达上限，请稍后再试']);
    const day = newMobile();
    const dayStart = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
    await app.ctx.db.execute(
      sql`insert into rate_counters (key, window_start, count) values (${counterKeys(app.ctx, 'sms', day, '127.0.0.1').targetDay}, ${dayStart.toISOString()}, 10)`,
    );
    const d = await send(day);
    expect([d.status, d.msg]).toEqual([429, '该号码今日获取验证码次数已达上限，请明天再试']);
    expect(await lastCode(app, day)).toBeNull();
  });
});

describe('sessions', () => {
  it('ends at logout: the token is refused with 700 afterwards', async () => {
    const r = await smsLogin(app, newMobile());
    const s = { token: r.data.token, memberId: r.data.memberId, randomKey: r.data.randomKey };
    await app.ctx.db.update(members).set({ isFirst: false }).where(eq(members.id, s.memberId));
    expect((await call(app, { method: 'GET', url: '/api/member/getMemberInfo', session: s })).code).toBe(200);
    expect(
      (await call(app, { method: 'POST', url: '/api/login/exit', session: s, payload: {}, signed: false })).code,
    ).toBe(200);
    const after = await call(app, { method: 'GET', url: '/api/member/getMemberInfo', session: s });
    expect([after.status, after.code]).toEqual([401, 700]);
  });

  it('answers 700 when memberId does not match the token, and after 1800 s idle', async () => {
    const r = await smsLogin(app, newMobile());
    const s = { token: r.data.token, memberId: r.data.memberId, randomKey: r.data.randomKey };
    expect(
      (
        await call(app, {
          method: 'GET',
          url: '/api/member/getMemberInfo',
          session: { ...s, memberId: s.memberId + 1000 },
        })
      ).code,
    ).toBe(700);
    expect((await call(app, { method: 'GET', url: '/api/member/getMemberInfo', session: s })).code).toBe(200);
    // 1801 s pass on the server's clock (the session, in the database and in memory, ages with it).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1801 * 1000);
      expect((await call(app, { method: 'GET', url: '/api/member/getMemberInfo', session: s })).code).toBe(700);
    } finally {
      vi.useRealTimers();
    }
    const [row] = await app.ctx.db.select().from(sessions).where(eq(sessions.memberId, s.memberId));
    expect(row.endReason).toBe('idle');
    expect((await call(app, { method: 'GET', url: '/api/member/getMemberInfo', session: s })).code).toBe(700);
  });

  it('confines an isFirst member: member calls answer 请务必先完善个人信息 except the profile ones', async () => {
    const r = await smsLogin(app, newMobile());
    const s = { token: r.data.token, memberId: r.data.memberId, randomKey: r.data.randomKey };
    const refused = await call(app, { method: 'GET', url: '/api/baseInfo/refuseList', session: s });
    expect([refused.status, refused.msg]).toEqual([403, '请务必先完善个人信息']);
    // The first-in page proves its e-mail with a code (issue 32).
    const sent = await call(app, {
      method: 'GET',
      url: `/api/member/sendMailCode?${qs({ mail: 'Zs@Example.com', ...pick(await solvedCaptcha(app)) })}`,
      session: s,
    });
    expect(sent.code).toBe(200);
    const done = await call(app, {
      method: 'POST',
      url: '/api/member/updateMemberInfo',
      session: s,
      payload: { name: '张三', mail: 'Zs@Example.com', mailCode: (await lastCode(app, 'zs@example.com'))! },
    });
    expect([done.code, done.msg]).toEqual([200, '已成功完善基本信息']);
    const info = await call<{ isFirst: boolean; mail: string; name: string }>(app, {
      method: 'GET',
      url: '/api/member/getMemberInfo',
      session: s,
    });
    expect(info.data).toMatchObject({ isFirst: false, mail: 'zs@example.com', name: '张三' });
    expect((await call(app, { method: 'GET', url: '/api/baseInfo/refuseList', session: s })).data).toBe(0);
  });
});
