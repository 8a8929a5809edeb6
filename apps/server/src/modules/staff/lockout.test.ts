import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { call, staffCall, staffSession, testApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { staffLoginGuards } from '../../db/schema.ts';
import { insertStaffAccount, staffActions, staffLogin } from '../../../test/staff-accounts.ts';

/**
 * Issue 17 items 3 and 7, issue 32 item 11: a lock-out shared by every instance (wrong passwords and
 * TOTP codes alike) counted per name and address, per name and per address, so a stranger's failures
 * never shut the owner's own address out; lifted by an admin; unknown and known names answered alike,
 * in words, status and time.
 */
let app: FastifyInstance;
/** A second instance on the same database: the count lives there, not in either process. */
let other: FastifyInstance;

beforeAll(async () => {
  app = await testApp();
  const shared: Database = {
    db: app.ctx.db,
    kind: app.ctx.dbKind,
    close: async () => {},
    listen: async () => async () => {},
  };
  other = await buildApp(app.ctx.config, { database: shared, skipSeed: true, logger: false });
}, 60_000);
afterAll(async () => {
  await other?.close();
  await app?.close();
});

const LOCKED = /^登录失败次数过多，账号已锁定，请(\d+)分钟后再试或联系管理员解锁$/;
let addr = 0;
/** Each attempt from a new address, as an attacker rotating addresses would. */
const login = (payload: Record<string, string>, on = app, remoteAddress = `198.51.100.${(++addr % 250) + 1}`) =>
  call<{ token: string }>(on, {
    method: 'POST',
    url: '/api/console/login',
    payload,
    remoteAddress,
  } as never);
const actions = (id: number) => staffActions(app, id);
/** The account's name-wide count and lock as the admin's staff list shows them. */
const stateOf = async (id: number) => {
  const admin = await staffSession(app, 'admin');
  const list = await staffCall<{ id: number; lockedUntil: string | null; loginFailures: number }[]>(
    app,
    admin.token,
    '/api/console/staff',
  );
  const s = list.data.find((x) => x.id === id)!;
  return { loginFailures: s.loginFailures, lockedUntil: s.lockedUntil ? new Date(s.lockedUntil) : null };
};
/** Lets every current lock run out (as if its minutes had passed). */
const expireLock = (_id?: number) =>
  app.ctx.db
    .update(staffLoginGuards)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(sql`${staffLoginGuards.lockedUntil} is not null`);

const account = async (username: string, totpSecret: string | null = null) =>
  (await insertStaffAccount(app, username, { totpSecret })).id;

describe('staff login lock-out', () => {
  it('locks an account after 5 wrong passwords from rotating addresses on two instances; the right one is refused until it runs out', async () => {
    const id = await account('lock-pw');
    const answers: number[] = [];
    for (let i = 0; i < 40; i++)
      answers.push((await login({ username: 'lock-pw', password: `guess-${i}` }, i % 2 ? other : app)).code);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(answers.slice(5))).toEqual(new Set([429]));

    const refused = await login({ username: 'lock-pw', password: 'correct horse' });
    expect(refused.code).toBe(429);
    expect(refused.msg).toMatch(LOCKED);
    expect(Number(LOCKED.exec(refused.msg)![1])).toBe(1);
    const en = await staffLogin(app, 'lock-pw', {}, { lang: 'en' });
    expect(en.msg).toBe(
      'Too many failed logins: the account is locked; try again in 1 minutes or ask an admin to unlock it',
    );
    const row = await stateOf(id);
    expect(row.loginFailures).toBe(5);
    expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect((await actions(id)).filter((a) => a === 'staff.locked')).toHaveLength(1);

    // Once it has run out the right password works, and clears the count.
    await expireLock(id);
    expect((await login({ username: 'lock-pw', password: 'correct horse' })).code).toBe(200);
    expect((await stateOf(id)).loginFailures).toBe(0);
  });

  it('locks for longer as failures go on: 1 minute from the 5th, 15 from the 10th', async () => {
    const id = await account('lock-steps');
    for (let i = 0; i < 5; i++) await login({ username: 'lock-steps', password: 'nope' });
    for (let n = 6; n <= 10; n++) {
      await expireLock(id);
      expect((await login({ username: 'lock-steps', password: 'nope' })).code).toBe(400);
    }
    const r = await login({ username: 'lock-steps', password: 'correct horse' });
    expect(Number(LOCKED.exec(r.msg)![1])).toBe(15);
    expect((await stateOf(id)).lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });

  it('counts wrong TOTP codes the same way: after 5, the right code is refused', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const id = await account('lock-totp', secret);
    // Asking for the code (password right, no code yet) is no guess and never locks.
    for (let i = 0; i < 8; i++)
      expect((await login({ username: 'lock-totp', password: 'correct horse' })).msg).toBe('请输入动态口令');
    expect((await stateOf(id)).loginFailures).toBe(0);
    const right = await generate({ secret });
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    const answers: number[] = [];
    for (let i = 0; i < 100; i++)
      answers.push((await login({ username: 'lock-totp', password: 'correct horse', totp: wrong })).code);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((c) => c === 429)).toBe(true);
    const after = await login({ username: 'lock-totp', password: 'correct horse', totp: right });
    expect(after.code).toBe(429);
    expect(after.msg).toMatch(LOCKED);
  });

  it('an admin lifts a lock-out from the staff list, audited; others may not', async () => {
    const id = await account('lock-admin');
    for (let i = 0; i < 6; i++) await login({ username: 'lock-admin', password: 'nope' });
    const admin = await staffSession(app, 'admin');
    const list = await staffCall<{ id: number; lockedUntil: string | null; loginFailures: number }[]>(
      app,
      admin.token,
      '/api/console/staff',
    );
    const listed = list.data.find((s) => s.id === id)!;
    expect(listed.loginFailures).toBe(5);
    expect(new Date(listed.lockedUntil!).getTime()).toBeGreaterThan(Date.now());

    const reviewer = await staffSession(app, 'reviewer');
    expect((await staffCall(app, reviewer.token, '/api/console/staff/unlock', { id })).code).toBe(403);
    expect((await stateOf(id)).lockedUntil).not.toBeNull();

    const lifted = await staffCall(app, admin.token, '/api/console/staff/unlock', { id });
    expect(lifted.code).toBe(200);
    expect(await stateOf(id)).toMatchObject({ loginFailures: 0, lockedUntil: null });
    expect(await actions(id)).toContain('staff.unlock');
    expect((await login({ username: 'lock-admin', password: 'correct horse' })).code).toBe(200);
  });
});

describe('a stranger cannot lock the owner out, nor tell names apart (issue 32)', () => {
  it("the owner's own address still gets in after strangers' failures from rotating addresses; a new address does not", async () => {
    const id = await account('own-addr');
    const home = '10.32.0.1';
    expect((await login({ username: 'own-addr', password: 'correct horse' }, app, home)).code).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 30; i++)
      answers.push((await login({ username: 'own-addr', password: `guess-${i}` }, i % 2 ? other : app)).code);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(new Set(answers.slice(5))).toEqual(new Set([429]));
    // A new address is refused even with the right password; the owner's own is not, on either instance.
    expect((await login({ username: 'own-addr', password: 'correct horse' })).msg).toMatch(LOCKED);
    expect((await login({ username: 'own-addr', password: 'correct horse' }, other, home)).code).toBe(200);
    // A stranger sitting at one address locks that address only.
    await login({ username: 'own-addr', password: 'correct horse' }, app, home);
    const stranger = '10.32.9.9';
    for (let i = 0; i < 12; i++) await login({ username: 'own-addr', password: `again-${i}` }, app, stranger);
    expect((await login({ username: 'own-addr', password: 'correct horse' }, app, stranger)).code).toBe(429);
    expect((await login({ username: 'own-addr', password: 'correct horse' }, app, home)).code).toBe(200);
    expect(await actions(id)).toContain('staff.locked');
  });

  it('answers an unknown name exactly like a known one, failure after failure, from one address and from many', async () => {
    await account('known-alike');
    const run = async (username: string, at?: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await login({ username, password: `wrong-${i}` }, app, at);
        seen.push(`${r.status} ${r.code} ${r.msg}`);
      }
      return seen;
    };
    const known = await run('known-alike', '10.33.0.1');
    expect(known.slice(4)).toEqual([
      '400 400 用户名或密码错误',
      '429 429 登录失败次数过多，账号已锁定，请1分钟后再试或联系管理员解锁',
      '429 429 登录失败次数过多，账号已锁定，请1分钟后再试或联系管理员解锁',
      '429 429 登录失败次数过多，账号已锁定，请1分钟后再试或联系管理员解锁',
    ]);
    expect(await run('nobody-alike', '10.33.0.2')).toEqual(known);
    await account('known-rotating');
    expect(await run('nobody-rotating')).toEqual(await run('known-rotating'));
  });

  it('one address trying many names is stopped for every name, the right password included; other addresses are not', async () => {
    await account('spray-victim');
    const spray = '10.34.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 24; i++)
      answers.push((await login({ username: `spray-${i}`, password: 'x' }, app, spray)).code);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(answers.slice(20)).toEqual([429, 429, 429, 429]);
    const r = await login({ username: 'spray-victim', password: 'correct horse' }, app, spray);
    expect([r.code, Number(LOCKED.exec(r.msg)?.[1])]).toEqual([429, 15]);
    expect((await login({ username: 'spray-victim', password: 'correct horse' }, app, '10.34.0.2')).code).toBe(200);
  });
});

describe('staff login timing', () => {
  it('takes as long for an unknown user name as for a wrong password', async () => {
    await account('timing-known');
    const time = async (username: string) => {
      const t = process.hrtime.bigint();
      const r = await app.inject({
        method: 'POST',
        url: '/api/console/login',
        payload: { username, password: 'wrong password' },
        remoteAddress: `203.0.113.${++addr % 250}`,
      });
      expect(r.json().code).toBe(400);
      return Number(process.hrtime.bigint() - t) / 1e6;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so load on the machine falls on both alike; the known account is unlocked between rounds.
    for (let i = 0; i < 9; i++) {
      await app.ctx.db.delete(staffLoginGuards);
      known.push(await time('timing-known'));
      unknown.push(await time(`nobody-${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Before the dummy hash: about 17 ms against 2 ms (a ratio near 0.1). Alike, the ratio is near 1;
    // on a machine loaded by other suites it was seen at 0.57, so the bound sits between the two.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.4);
  }, 60_000);
});
