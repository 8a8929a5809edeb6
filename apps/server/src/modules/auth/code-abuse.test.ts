import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { call, testApp, useTestApp } from '../../../test/helpers.ts';
import { lastCode, pick, qs, smsLogin, solvedCaptcha } from './test-kit.ts';
import { sendCode } from './codes.ts';

/**
 * Issue 17, items 4 and 5: the SMS budget cannot be drained by one party, and whether a number
 * has an account is not public. Every code costs a fresh captcha answer bound to its target.
 */

let app: FastifyInstance;
useTestApp((built) => (app = built));

let seq = 0;
/** A mobile in a number segment of its own unless `segment` (4 digits after 13) is given. */
const mobileIn = (segment: string) =>
  `13${segment}${String(process.pid % 100).padStart(2, '0')}${String(++seq).padStart(3, '0')}`;
const fresh = () => mobileIn(String(1000 + ((seq * 37) % 9000)));

const sendFrom = async (
  a: FastifyInstance,
  mobile: string,
  ip: string,
  cap?: { imageToken: string; imageCode: string },
) =>
  call(a, {
    method: 'GET',
    url: `/api/login/sendCode?${qs({ mobile, ...pick(cap ?? (await solvedCaptcha(a))) })}`,
    remoteAddress: ip,
  });
const backdate = (a: FastifyInstance, mobile: string) =>
  a.ctx.db.execute(
    sql`update verification_codes set created_at = created_at - interval '61 seconds' where target = ${mobile}`,
  );

describe('a captcha answer per code', () => {
  it('one solved captcha sends one code, even to the same number once the minute has passed', async () => {
    const mobile = fresh();
    const cap = await solvedCaptcha(app);
    expect((await sendFrom(app, mobile, '10.9.0.1', cap)).code).toBe(200);
    await backdate(app, mobile);
    const again = await sendFrom(app, mobile, '10.9.0.1', cap);
    expect([again.status, again.msg]).toEqual([400, '图形验证码已失效，请点击图片刷新']);
    expect((await sendFrom(app, mobile, '10.9.0.1')).code).toBe(200);
  });

  it('the binding steps need the captcha: without it every number answers alike, with it step 1 tells and counts', async () => {
    const known = fresh();
    await smsLogin(app, known);
    const unknown = fresh();
    const post = (payload: object, ip = '10.8.0.1') =>
      call(app, { method: 'POST', url: '/api/code/sendMobileCode', payload, remoteAddress: ip });
    for (const step of [1, 2]) {
      const a = await post({ mobile: known, step });
      const b = await post({ mobile: unknown, step });
      expect([a.status, a.code, a.msg]).toEqual([400, 400, '请先输入手机号和图形验证码']);
      expect([b.status, b.code, b.msg]).toEqual([a.status, a.code, a.msg]);
    }
    const mail = await call(app, {
      method: 'POST',
      url: '/api/code/sendEmailCode',
      payload: { mail: 'who@example.com', step: 1 },
    });
    expect(mail.msg).toBe('请先输入邮箱和图形验证码');
    expect(await lastCode(app, unknown)).toBeNull();

    // Solved: step 1 says "registered" (201) and binds the captcha to that number only.
    const cap = pick(await solvedCaptcha(app));
    const told = await post({ mobile: known, step: 1, ...cap });
    expect(told.code).toBe(201);
    expect((await post({ mobile: fresh(), step: 1, ...cap })).msg).toBe('图形验证码已失效，请点击图片刷新');
    // Its step 2 sends the one code it pays for; a second step 2 with it does not.
    await backdate(app, known);
    expect((await post({ mobile: known, step: 2, ...cap })).code).toBe(200);
    await backdate(app, known);
    expect((await post({ mobile: known, step: 2, ...cap })).msg).toBe('图形验证码已失效，请点击图片刷新');
  });

  it('"registered" answers count against the address like codes', async () => {
    const small = await testApp({ codeIpHourly: 2 });
    try {
      const known = fresh();
      await smsLogin(small, known);
      const ask = async () =>
        call(small, {
          method: 'POST',
          url: '/api/code/sendMobileCode',
          payload: { mobile: known, step: 1, ...pick(await solvedCaptcha(small)) },
          remoteAddress: '10.7.0.1',
        });
      expect((await ask()).code).toBe(201);
      expect((await ask()).code).toBe(201);
      const third = await ask();
      expect([third.status, third.msg]).toEqual([429, '当前网络获取验证码过于频繁，请稍后再试']);
    } finally {
      await small.close();
    }
  });
});

describe('the daily budget is shared out', () => {
  it('caps per address an hour, and per address, /24 and number segment a day; the budget itself last', async () => {
    // Budget 100: an address may take 1, a /24 3, a number segment 2 (the default shares 1%, 3%, 2%).
    const a = await testApp({ codeIpHourly: 50, codeDailyBudget: 100 });
    try {
      const busy = '当前网络获取验证码过于频繁，请稍后再试';
      expect((await sendFrom(a, fresh(), '10.0.0.1')).code).toBe(200);
      expect((await sendFrom(a, fresh(), '10.0.0.1')).msg).toBe(busy);
      expect((await sendFrom(a, fresh(), '10.0.0.2')).code).toBe(200);
      expect((await sendFrom(a, fresh(), '10.0.0.3')).code).toBe(200);
      // A fourth address of the same /24: the network's share is spent.
      expect((await sendFrom(a, fresh(), '10.0.0.4')).msg).toBe(busy);
      // IPv6: addresses rotating inside one /48 are one network.
      expect((await sendFrom(a, fresh(), '2001:db8:7:1::1')).code).toBe(200);
      expect((await sendFrom(a, fresh(), '2001:db8:7:2::1')).code).toBe(200);
      expect((await sendFrom(a, fresh(), '2001:db8:7:3::1')).code).toBe(200);
      expect((await sendFrom(a, fresh(), '2001:db8:7:4::1')).msg).toBe(busy);
      // One number segment from scattered addresses: 2 codes, then the service is "busy" for it only.
      expect((await sendFrom(a, mobileIn('9555'), '10.1.0.1')).code).toBe(200);
      expect((await sendFrom(a, mobileIn('9555'), '10.2.0.1')).code).toBe(200);
      const seg = await sendFrom(a, mobileIn('9555'), '10.3.0.1');
      expect([seg.status, seg.msg]).toEqual([429, '短信服务繁忙，请稍后再试']);
      expect((await sendFrom(a, mobileIn('9556'), '10.4.0.1')).code).toBe(200);
    } finally {
      await a.close();
    }
    const tiny = await testApp({ codeDailyBudget: 1, codeShares: { address: 100, network: 100, prefix: 100 } });
    try {
      expect((await sendFrom(tiny, fresh(), '10.5.0.1')).code).toBe(200);
      const over = await sendFrom(tiny, fresh(), '10.6.0.1');
      expect([over.status, over.msg]).toEqual([429, '短信服务繁忙，请稍后再试']);
    } finally {
      await tiny.close();
    }
  });

  it('warns in the log and a metric at 50% and 80% of the budget, and errs past it', async () => {
    const b = await testApp({ codeDailyBudget: 4, codeShares: { address: 100, network: 100, prefix: 100 } });
    try {
      const lines: { level: string; o: Record<string, unknown> }[] = [];
      const log = {
        warn: (o: object) => lines.push({ level: 'warn', o: o as Record<string, unknown> }),
        error: (o: object) => lines.push({ level: 'error', o: o as Record<string, unknown> }),
      };
      const metric = async (level: string) => {
        const text = (await b.inject({ url: '/metrics' })).body;
        const m = new RegExp(`code_budget_alerts_total\\{channel="sms",level="${level}"\\} (\\d+)`).exec(text);
        return m ? Number(m[1]) : 0;
      };
      const before = { 50: await metric('50'), 80: await metric('80'), 100: await metric('100') };
      const send = async () => {
        const c = await solvedCaptcha(b);
        return sendCode(b.ctx, log, {
          channel: 'sms',
          target: fresh(),
          purpose: 'login',
          ip: `10.10.${seq}.1`,
          lang: 'zh',
          captcha: { token: c.imageToken, answer: c.imageCode },
        }).then(
          () => 'sent',
          (e: Error) => e.message,
        );
      };
      expect(await send()).toBe('sent');
      expect(lines).toEqual([]);
      expect(await send()).toBe('sent'); // 2 of 4: 50%
      expect(lines.map((l) => [l.level, l.o.level])).toEqual([['warn', 50]]);
      expect(await send()).toBe('sent');
      expect(await send()).toBe('sent'); // 4 of 4: 80% reached (3.2 rounds up)
      expect(lines.map((l) => [l.level, l.o.level])).toEqual([
        ['warn', 50],
        ['warn', 80],
      ]);
      expect(await send()).not.toBe('sent');
      expect(lines.at(-1)).toMatchObject({ level: 'error', o: { alert: 'code-budget' } });
      expect([await metric('50'), await metric('80'), await metric('100')]).toEqual([
        before[50] + 1,
        before[80] + 1,
        before[100] + 1,
      ]);
      expect((await b.inject({ url: '/metrics' })).body).toMatch(/code_budget_used_ratio\{channel="sms"\} 1\.25/);
    } finally {
      await b.close();
    }
  });
});
