import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, useTestApp, mobileSequence } from '../../../test/helpers.ts';
import { members } from '../../db/schema.ts';
import { outbox } from '../../providers/outbox.ts';
import { lastCode, pick, qs, smsLogin, solvedCaptcha } from './test-kit.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const newMobile = mobileSequence('136');

/** wxlogin -> consent page confirm -> the /loading URL's code and state. */
async function consent(openId: string) {
  const w = await call<{ url: string }>(app, { method: 'GET', url: '/api/login/wxlogin' });
  const state = new URL(w.data.url, 'http://x').searchParams.get('state')!;
  const page = await app.inject({ method: 'GET', url: w.data.url });
  expect(page.body).toContain('确认登录');
  const c = await call<{ url: string }>(app, {
    method: 'POST',
    url: '/sandbox/oauth/confirm',
    payload: { state, openId },
  });
  const u = new URL(c.data.url, 'http://x');
  expect(u.pathname).toBe('/loading');
  return { code: u.searchParams.get('code')!, state: u.searchParams.get('state')! };
}
const callback = (q: { code: string; state: string }) =>
  call<{ openId?: string; token?: string; memberId?: number }>(app, {
    method: 'GET',
    url: `/api/login/callback?${qs(q)}`,
  });
const post = (url: string, payload: object) =>
  call<{ token: string; memberId: number; isFirst: boolean; randomKey: string }>(app, { method: 'POST', url, payload });

describe('third-party login', () => {
  it('checks the state once; an unknown openId goes to binding, an ordinary student binds a mobile', async () => {
    const openId = `wx_test_${Date.now()}`;
    const q = await consent(openId);
    expect((await callback({ ...q, state: 'forged' })).msg).toBe('授权已失效，请重新登录');
    const first = await callback(q);
    expect(first.code).toBe(201);
    expect(first.data.openId).toBe(openId);
    expect((await callback(q)).msg).toBe('授权已失效，请重新登录');

    const mobile = newMobile();
    const bad = await post('/api/login/bindingMobile', { name: '', mobile, messageCode: '', openId });
    expect(bad.msg).toBe('名字不能为空');
    expect((await post('/api/login/bindingMobile', { name: '李四', mobile, messageCode: '', openId })).msg).toBe(
      '验证码不能为空',
    );
    expect((await post('/api/code/sendMobileCode', { mobile, step: 1, ...pick(await solvedCaptcha(app)) })).code).toBe(
      200,
    );
    const bound = await post('/api/login/bindingMobile', {
      name: '李四',
      mobile,
      messageCode: (await lastCode(app, mobile))!,
      openId,
    });
    expect(bound.code).toBe(200);
    expect(bound.data.isFirst).toBe(true);

    // Next time the same openId logs straight in: code 0.
    const again = await callback(await consent(openId));
    expect(again.code).toBe(0);
    expect(again.data.memberId).toBe(bound.data.memberId);
    expect(again.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the resend rule: step 1 warns about an existing account, step 2 sends, the binding attaches to it', async () => {
    const mobile = newMobile();
    const existing = await smsLogin(app, mobile);
    const openId = `wx_link_${Date.now()}`;
    await callback(await consent(openId));
    await app.ctx.db.execute(
      `update verification_codes set created_at = created_at - interval '2 minutes' where target = '${mobile}'`,
    );
    const cap = pick(await solvedCaptcha(app));
    const step1 = await post('/api/code/sendMobileCode', { mobile, step: 1, ...cap });
    expect(step1.code).toBe(201);
    expect(step1.msg).toContain('该手机号已注册');
    const sent = async () => (await app.ctx.db.select().from(outbox).where(eq(outbox.to, mobile))).length;
    const before = await sent();
    // The captcha of step 1 pays for the one code of step 2.
    const step2 = await post('/api/code/sendMobileCode', { mobile, step: 2, ...cap });
    expect(step2.code).toBe(200);
    expect(await sent()).toBe(before + 1);
    const code = (await lastCode(app, mobile))!;
    const bound = await post('/api/login/bindingMobile', { name: '王五', mobile, messageCode: code, openId });
    expect(bound.data.memberId).toBe(existing.data.memberId);
    const [m] = await app.ctx.db.select().from(members).where(eq(members.id, existing.data.memberId));
    expect(m.openId).toBe(openId);
  });

  it('an international student binds name, e-mail and e-mail code', async () => {
    const openId = `wx_intl_${Date.now()}`;
    await callback(await consent(openId));
    const mail = `intl${Date.now()}@example.org`;
    expect(
      (await post('/api/code/sendEmailCode', { mail: 'bad', step: 1, ...pick(await solvedCaptcha(app)) })).msg,
    ).toBe('邮箱格式有误');
    expect((await post('/api/code/sendEmailCode', { mail, step: 1, ...pick(await solvedCaptcha(app)) })).code).toBe(
      200,
    );
    const wrong = await post('/api/login/bindingMail', { name: 'Anna Smith', mail, mailCode: '000000', openId });
    const code = (await lastCode(app, mail))!;
    if (code !== '000000') expect(wrong.msg).toBe('验证码错误');
    const r = await post('/api/login/bindingMail', { name: 'Anna Smith', mail, mailCode: code, openId });
    expect(r.code).toBe(200);
    expect(r.data.isFirst).toBe(false);
    const existing = await post('/api/code/sendEmailCode', {
      mail: mail.toUpperCase(),
      step: 1,
      ...pick(await solvedCaptcha(app)),
    });
    // Never merged into the account holding it (issue 32): its owner binds by that account's mobile.
    expect([existing.status, existing.msg]).toEqual([
      409,
      '该邮箱已属于一个账户，不能用邮箱绑定。请选择“普通学生”，用该账户的手机号和短信验证码绑定',
    ]);
  });

  it('refuses an openId that never came through the callback', async () => {
    const mobile = newMobile();
    await post('/api/code/sendMobileCode', { mobile, step: 1, ...pick(await solvedCaptcha(app)) });
    const r = await post('/api/login/bindingMobile', {
      name: '赵六',
      mobile,
      messageCode: (await lastCode(app, mobile))!,
      openId: 'wx_forged',
    });
    expect([r.status, r.msg]).toEqual([400, '第三方登录已失效，请重新登录']);
  });
});
