/**
 * Issue 32 items 1 and 5: an e-mail address is attached to an account only once its code was entered,
 * only a proven address finds an account, a mailbox another account holds is never merged into; and a
 * mobile-change code answers alike for a registered and a free number (the "taken" answer comes with the code).
 */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, memberSession, mobileSequence, useTestApp } from '../../../test/helpers.ts';
import { members } from '../../db/schema.ts';
import { lastCode, pick, qs, solvedCaptcha, wechatOpenId } from '../auth/test-kit.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const newMobile = mobileSequence('134');
let seq = 0;
const newMail = (who: string) => `${who}${process.pid}x${++seq}@example.org`;
let addr = 0;
/** Each call from its own address unless told, so the per-address caps stay out of the way. */
const from = () => `192.0.2.${(++addr % 200) + 1}`;
type S = Awaited<ReturnType<typeof memberSession>>;
const get = (s: S, url: string, q: Record<string, string> = {}, remoteAddress = from()) =>
  call(app, { method: 'GET', url: `${url}?${qs(q)}`, session: s, remoteAddress });
const post = (s: S, url: string, payload: object) =>
  call(app, { method: 'POST', url, payload, session: s, remoteAddress: from() });
const plain = <T = { memberId: number; token: string }>(url: string, payload: object) =>
  call<T>(app, { method: 'POST', url, payload, remoteAddress: from() });
const row = async (id: number) => (await app.ctx.db.select().from(members).where(eq(members.id, id)))[0]!;

/** The international student's whole binding: step-1 code to the mailbox, then bindingMail with it. */
async function bindByMail(mail: string, name = 'Anna Smith') {
  const openId = await wechatOpenId(app, `wx_mail_${process.pid}_${++seq}`);
  const sent = await plain('/api/code/sendEmailCode', { mail, step: 1, ...pick(await solvedCaptcha(app)) });
  if (sent.code !== 200) return { sent, openId, bound: null };
  const bound = await plain('/api/login/bindingMail', {
    name,
    mail,
    mailCode: (await lastCode(app, mail.toLowerCase()))!,
    openId,
  });
  return { sent, openId, bound };
}

describe('an e-mail address is attached only once its code was entered', () => {
  it('updateMemberInfo refuses a new address without its code; the mailbox owner who binds later gets an account of their own', async () => {
    const attacker = await memberSession(app, newMobile());
    const victimMail = newMail('victim');
    const r = await post(attacker, '/api/member/updateMemberInfo', { name: '张三', mail: victimMail });
    expect([r.status, r.msg]).toEqual([400, '请输入邮箱验证码']);
    expect((await row(attacker.memberId)).mail).not.toBe(victimMail);
    const wrong = await post(attacker, '/api/member/updateMemberInfo', {
      name: '张三',
      mail: victimMail,
      mailCode: '123456',
    });
    expect([wrong.status, wrong.msg]).toEqual([400, '验证码已失效，请重新获取']);

    const { sent, openId, bound } = await bindByMail(victimMail);
    expect(sent.code).toBe(200);
    expect(bound!.code).toBe(200);
    expect(bound!.data.memberId).not.toBe(attacker.memberId);
    expect((await row(attacker.memberId)).openId).toBeNull();
    expect((await row(bound!.data.memberId)).openId).toBe(openId);
    expect((await row(bound!.data.memberId)).mailVerifiedAt).not.toBeNull();
  });

  it('an address stored before the rule (unproven) never finds an account', async () => {
    const legacy = await memberSession(app, newMobile());
    const mail = newMail('legacy');
    await app.ctx.db.update(members).set({ mail, mailVerifiedAt: null }).where(eq(members.id, legacy.memberId));
    const { sent, bound } = await bindByMail(mail.toUpperCase());
    expect([sent.code, sent.msg]).toEqual([200, 'success']);
    expect(bound!.code).toBe(200);
    expect(bound!.data.memberId).not.toBe(legacy.memberId);
    expect((await row(legacy.memberId)).openId).toBeNull();
  });

  it('the personal centre proves the address with a code; binding by a mailbox an account holds is refused, never merged', async () => {
    const owner = await memberSession(app, newMobile());
    const mail = newMail('owner');
    // The code is sent from the profile page: the same captcha and limits as the e-mail change.
    expect((await get(owner, '/api/member/sendMailCode', { mail, ...pick(await solvedCaptcha(app)) })).code).toBe(200);
    const ok = await post(owner, '/api/member/updateMemberInfo', {
      name: '李四',
      mail,
      mailCode: (await lastCode(app, mail))!,
    });
    expect([ok.code, ok.msg]).toEqual([200, '修改成功']);
    expect((await row(owner.memberId)).mailVerifiedAt).not.toBeNull();
    // The same proven address again needs no code (the page sends name and mail, as the specification has it).
    expect((await post(owner, '/api/member/updateMemberInfo', { name: '李四四', mail })).code).toBe(200);

    const held = await bindByMail(mail);
    expect([held.sent.status, held.sent.msg]).toEqual([
      409,
      '该邮箱已属于一个账户，不能用邮箱绑定。请选择“普通学生”，用该账户的手机号和短信验证码绑定',
    ]);
    // Step 2 still sends the code; the binding itself is refused the same way.
    const openId = held.openId;
    const cap = pick(await solvedCaptcha(app));
    await app.ctx.db.execute(`update verification_codes set created_at = created_at - interval '2 minutes'`);
    expect((await plain('/api/code/sendEmailCode', { mail, step: 2, ...cap })).code).toBe(200);
    const bound = await plain('/api/login/bindingMail', {
      name: 'Mallory',
      mail,
      mailCode: (await lastCode(app, mail))!,
      openId,
    });
    expect([bound.status, bound.msg]).toEqual([
      409,
      '该邮箱已属于一个账户，不能用邮箱绑定。请选择“普通学生”，用该账户的手机号和短信验证码绑定',
    ]);
    expect((await row(owner.memberId)).openId).toBeNull();
  });

  it("a proven address is one account's: proving it for a second account is refused after its code", async () => {
    const first = await memberSession(app, newMobile());
    const mail = newMail('one');
    await get(first, '/api/member/sendMailCode', { mail, ...pick(await solvedCaptcha(app)) });
    expect((await post(first, '/api/member/updateMail', { mail, code: (await lastCode(app, mail))! })).code).toBe(200);
    const second = await memberSession(app, newMobile());
    await app.ctx.db.execute(`update verification_codes set created_at = created_at - interval '2 minutes'`);
    expect((await get(second, '/api/member/sendMailCode', { mail, ...pick(await solvedCaptcha(app)) })).code).toBe(200);
    const r = await post(second, '/api/member/updateMail', { mail, code: (await lastCode(app, mail))! });
    expect([r.status, r.msg]).toEqual([409, '该邮箱已被其他账户使用']);
    expect((await row(second.memberId)).mail).not.toBe(mail);
  });

  it('first-in: a new member sends the code from /firstIn and completes the profile only with it', async () => {
    const s = await memberSession(app, newMobile(), { isFirst: true, mail: '' });
    await app.ctx.db.update(members).set({ mail: null }).where(eq(members.id, s.memberId));
    expect((await post(s, '/api/member/updateMemberInfo', { name: '王五' })).msg).toBe('邮箱不能为空');
    const mail = newMail('first');
    expect((await post(s, '/api/member/updateMemberInfo', { name: '王五', mail })).msg).toBe('请输入邮箱验证码');
    const sent = await get(s, '/api/member/sendMailCode', { mail, ...pick(await solvedCaptcha(app)) });
    expect(sent.code).toBe(200);
    const r = await post(s, '/api/member/updateMemberInfo', {
      name: '王五',
      mail,
      mailCode: (await lastCode(app, mail))!,
    });
    expect([r.code, r.msg]).toEqual([200, '已成功完善基本信息']);
    expect(await row(s.memberId)).toMatchObject({ mail, isFirst: false });
    const info = await get(s, '/api/member/getMemberInfo');
    expect(info.data).toMatchObject({ mail, mailVerified: true, isFirst: false });
  });

  it("an unproven address of one's own may be proven with the e-mail change", async () => {
    const s = await memberSession(app, newMobile(), { mail: newMail('mine') });
    const mail = (await row(s.memberId)).mail!;
    expect((await get(s, '/api/member/getMemberInfo')).data).toMatchObject({ mail, mailVerified: false });
    expect((await get(s, '/api/member/sendMailCode', { mail, ...pick(await solvedCaptcha(app)) })).code).toBe(200);
    expect((await post(s, '/api/member/updateMail', { mail, code: (await lastCode(app, mail))! })).code).toBe(200);
    expect((await get(s, '/api/member/getMemberInfo')).data).toMatchObject({ mail, mailVerified: true });
    // Once proven, the same address is "the same as the old one" again.
    expect((await get(s, '/api/member/sendMailCode', { mail, ...pick(await solvedCaptcha(app)) })).msg).toBe(
      '新邮箱不能与原邮箱一样',
    );
  });
});

describe('a mobile-change code answers alike for a registered and a free number', () => {
  it('sends to both; "already used by another account" is told when the code is entered', async () => {
    const s = await memberSession(app, newMobile());
    const taken = await memberSession(app, newMobile());
    const free = newMobile();
    const a = await get(s, '/api/member/sendCode', { mobile: taken.mobile, ...pick(await solvedCaptcha(app)) });
    const b = await get(s, '/api/member/sendCode', { mobile: free, ...pick(await solvedCaptcha(app)) });
    expect([a.status, a.code, a.msg, a.data]).toEqual([b.status, b.code, b.msg, b.data]);
    expect(a.code).toBe(200);
    const cap = await solvedCaptcha(app);
    await app.ctx.db.execute(`update verification_codes set created_at = created_at - interval '2 minutes'`);
    await get(s, '/api/member/sendCode', { mobile: taken.mobile, ...pick(cap) });
    const r = await post(s, '/api/member/updateMobile', {
      mobile: taken.mobile,
      code: (await lastCode(app, taken.mobile))!,
      ...pick(cap),
    });
    expect([r.status, r.msg]).toEqual([409, '该手机号已被其他账户使用']);
    expect((await row(s.memberId)).mobile).toBe(s.mobile);
  });

  it('counts the codes per member: 40 probes from 40 addresses get 5 answers an hour', async () => {
    const s = await memberSession(app, newMobile());
    const answers: number[] = [];
    for (let i = 0; i < 40; i++)
      answers.push(
        (await get(s, '/api/member/sendCode', { mobile: newMobile(), ...pick(await solvedCaptcha(app)) })).code,
      );
    expect(answers.filter((c) => c === 200)).toHaveLength(5);
    const refused = await get(s, '/api/member/sendCode', { mobile: newMobile(), ...pick(await solvedCaptcha(app)) });
    expect([refused.status, refused.msg]).toEqual([429, '您获取验证码的次数过多，请稍后再试']);
    // Another member is not held back by it.
    const other = await memberSession(app, newMobile());
    expect(
      (await get(other, '/api/member/sendCode', { mobile: newMobile(), ...pick(await solvedCaptcha(app)) })).code,
    ).toBe(200);
  }, 60_000);

  it('counts them per address too: one address probing registered numbers for many members is held back', async () => {
    const answers: number[] = [];
    for (let i = 0; i < app.ctx.config.codeIpHourly + 5; i++) {
      const s = await memberSession(app, newMobile());
      const taken = await memberSession(app, newMobile());
      const q = { mobile: taken.mobile, ...pick(await solvedCaptcha(app)) };
      answers.push((await get(s, '/api/member/sendCode', q, '198.18.0.7')).status);
    }
    expect(answers.filter((c) => c === 200)).toHaveLength(app.ctx.config.codeIpHourly);
    expect(answers.slice(app.ctx.config.codeIpHourly)).toEqual([429, 429, 429, 429, 429]);
  }, 60_000);
});
