import { describe, expect, it } from 'vitest';
import {
  ChildServer,
  NEEDS_POSTGRES,
  TEST_DATA_KEY,
  api,
  apiData,
  mobileSequence,
  reachablePostgres,
  useTwoInstances,
  type TwoInstances,
} from './child-server.ts';
import { loadPiiCipher } from '../../src/lib/pii.ts';
import { counterKeys } from '../../src/modules/auth/codes.ts';

/**
 * Limits across instances (issue 11; see ARCHITECTURE.md, "Growing past one machine"): two server processes on one PostgreSQL
 * database share the SMS resend interval, the hourly and daily caps, the daily code
 * budget and the single use of a captcha. A limit kept in one process's memory fails here.
 */

const pgBase = await reachablePostgres();
/** Lowered through the configuration so the test can reach it; the counter is pre-filled in SQL. */
const BUDGET = 500;

const MSG = {
  tooSoon: /^请(\d+)秒后再获取验证码$/,
  hourly: '该号码1小时内获取验证码次数已达上限，请稍后再试',
  daily: '该号码今日获取验证码次数已达上限，请明天再试',
  budget: '短信服务繁忙，请稍后再试',
  captchaExpired: '图形验证码已失效，请点击图片刷新',
  captchaWrong: '图形验证码错误，请重新输入',
};

const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();
const freshMobile = mobileSequence('1365');

describe.skipIf(!pgBase)('limits shared by two instances on one PostgreSQL database', () => {
  let a: ChildServer;
  let b: ChildServer;
  let pg: TwoInstances['pg'];
  useTwoInstances(pgBase, 'limits', (two) => ({ a, b, pg } = two), {
    CODE_DAILY_BUDGET: String(BUDGET),
    CODE_IP_HOURLY: '100000',
    // Every send comes from one address here: its daily shares of the budget are not under test.
    CODE_SHARE_ADDRESS_PERCENT: '100',
    CODE_SHARE_NETWORK_PERCENT: '100',
    CODE_SHARE_PREFIX_PERCENT: '100',
  });

  /** A captcha drawn by one instance, answered through the demo hook. */
  async function captcha(s: ChildServer) {
    const c = await apiData<{ imageCodeToken: string }>(s.url, { url: '/api/login/getImageCode' });
    const { answer } = await apiData<{ answer: string }>(s.url, { url: `/api/dev/captcha?token=${c.imageCodeToken}` });
    return { imageToken: c.imageCodeToken, imageCode: answer };
  }
  const sendCode = (s: ChildServer, mobile: string, cap: { imageToken: string; imageCode: string }) =>
    api(s.url, { url: `/api/login/sendCode?${qs({ mobile, ...cap })}` });
  const login = (s: ChildServer, mobile: string, cap: { imageToken: string; imageCode: string }, messageCode: string) =>
    api<{ token: string }>(s.url, { url: `/api/login/auth?${qs({ mobile, ...cap, messageCode })}` });
  const outbox = (mobile: string) => apiData<{ code: string | null }[]>(a.url, { url: `/api/dev/outbox?to=${mobile}` });
  /** A captcha drawn by s and a code sent through s to the mobile (checked as sent): both. */
  async function codeSent(s: ChildServer, mobile: string) {
    const cap = await captcha(s);
    expect((await sendCode(s, mobile, cap)).code).toBe(200);
    const [{ code }] = await outbox(mobile);
    return { cap, code: code! };
  }
  /** Time passing for the resend interval only: the codes of a mobile look 61 s older. */
  const age = (mobile: string) =>
    pg.query(`update verification_codes set created_at = created_at - interval '61 seconds' where target = $1`, [
      mobile,
    ]);
  /** Runs fn again (once) when a fixed counter window turned over while it ran. */
  async function inOneWindow(seconds: number, fn: () => Promise<void>) {
    const w = () => Math.floor(Date.now() / (seconds * 1000));
    const start = w();
    await fn();
    if (w() !== start) await fn();
  }

  it('a second code to the same mobile through the other instance within 60 s is refused', async () => {
    const mobile = freshMobile();
    const cap = await captcha(a);
    expect((await sendCode(a, mobile, cap)).code).toBe(200);
    // Every code costs a fresh captcha answer: the second comes with one of its own.
    const again = await sendCode(b, mobile, await captcha(b));
    expect(again.status).toBe(429);
    expect(again.msg).toMatch(MSG.tooSoon);
    expect(Number(MSG.tooSoon.exec(again.msg)![1])).toBeGreaterThanOrEqual(50);
    expect(await outbox(mobile)).toHaveLength(1);
    // The code sent by A logs in through B.
    const [{ code }] = await outbox(mobile);
    const done = await login(b, mobile, cap, code!);
    expect(done.code).toBe(200);
    expect(done.data.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it('simultaneous sends to one mobile through both instances send exactly one code', async () => {
    const mobile = freshMobile();
    const caps = await Promise.all(Array.from({ length: 10 }, (_, i) => captcha(i % 2 ? b : a)));
    const answers = await Promise.all(caps.map((cap, i) => sendCode(i % 2 ? b : a, mobile, cap)));
    const codes = answers.map((r) => r.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.code !== 200)) expect(r.msg).toMatch(MSG.tooSoon);
    expect(await outbox(mobile)).toHaveLength(1);
  });

  it('the hourly cap of one mobile counts the codes of both instances', async () => {
    await inOneWindow(3600, async () => {
      const mobile = freshMobile();
      for (let i = 0; i < 5; i++) {
        const r = await sendCode(i % 2 ? b : a, mobile, await captcha(a));
        expect(r.code, `send ${i + 1}: ${r.msg}`).toBe(200);
        await age(mobile);
      }
      // The fifth went through A; B refuses the sixth.
      const sixth = await sendCode(b, mobile, await captcha(b));
      expect(sixth.status).toBe(429);
      expect(sixth.msg).toBe(MSG.hourly);
      expect(await outbox(mobile)).toHaveLength(5);
    });
  });

  it('the daily cap of one mobile reached through one instance is refused by the other', async () => {
    await inOneWindow(86400, async () => {
      const mobile = freshMobile();
      // Nine codes today already (pre-filled); the tenth goes through A, the eleventh is refused by B.
      const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
      await pg.query(`insert into rate_counters (key, window_start, count) values ($1, $2, 9)`, [
        counterKeys(
          { pii: loadPiiCipher({ dataKey: TEST_DATA_KEY, dataDir: '.', demo: true, ephemeral: true }) },
          'sms',
          mobile,
          '',
        ).targetDay,
        day,
      ]);
      expect((await sendCode(a, mobile, await captcha(b))).code).toBe(200);
      await age(mobile);
      const next = await sendCode(b, mobile, await captcha(b));
      expect(next.status).toBe(429);
      expect(next.msg).toBe(MSG.daily);
    });
  });

  it('a captcha used on one instance cannot be used again on the other', async () => {
    const mobile = freshMobile();
    const { cap, code } = await codeSent(a, mobile);
    expect((await login(a, mobile, cap, code)).code).toBe(200);
    const replay = await login(b, mobile, cap, code);
    expect(replay.status).toBe(400);
    expect(replay.msg).toBe(MSG.captchaExpired);

    // A wrong answer on B kills the captcha for A too.
    const cap2 = await captcha(b);
    const wrongAnswer = (cap2.imageCode[0] === '2' ? '3' : '2') + cap2.imageCode.slice(1);
    const wrong = await login(b, mobile, { ...cap2, imageCode: wrongAnswer }, '123456');
    expect(wrong.msg).toBe(MSG.captchaWrong);
    const after = await login(a, mobile, cap2, '123456');
    expect(after.msg).toBe(MSG.captchaExpired);
  });

  it('simultaneous logins with one captcha through both instances: exactly one gets in', async () => {
    const mobile = freshMobile();
    const { cap, code } = await codeSent(b, mobile);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => login(i % 2 ? b : a, mobile, cap, code)));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.code !== 200))
      expect([MSG.captchaExpired, '验证码已失效，请重新获取']).toContain(r.msg);
    const sessions = await pg.query(
      `select count(*)::int as n from sessions s join members m on m.id = s.member_id where m.mobile = $1`,
      [mobile],
    );
    expect(sessions.rows[0].n).toBe(1);
  });

  it('the daily code budget (lowered by configuration) reached through one instance is refused by the other', async () => {
    await inOneWindow(86400, async () => {
      const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
      await pg.query(
        `insert into rate_counters (key, window_start, count) values ('code:sms:all:d', $1, $2)
         on conflict (key, window_start) do update set count = excluded.count`,
        [day, BUDGET - 1],
      );
      const last = await sendCode(a, freshMobile(), await captcha(a));
      expect(last.code).toBe(200);
      const over = await sendCode(b, freshMobile(), await captcha(b));
      expect(over.status).toBe(429);
      expect(over.msg).toBe(MSG.budget);
    });
  });
});

if (!pgBase) describe('limits across instances', () => it.skip(NEEDS_POSTGRES, () => {}));
