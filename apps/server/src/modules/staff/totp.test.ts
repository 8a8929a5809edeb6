import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { call, staffSession, useTestApp } from '../../../test/helpers.ts';
import { auditLog, staffUsers } from '../../db/schema.ts';
import { insertStaffAccount, staffActions, staffLogin, staffRow } from '../../../test/staff-accounts.ts';

let app: FastifyInstance;

useTestApp((built) => (app = built));

const h = (token: string, lang = 'zh') => ({ 'x-staff-token': token, lang });
const post = <T = unknown>(url: string, token: string, payload: unknown = {}, lang = 'zh') =>
  call<T>(app, { method: 'POST', url, headers: h(token, lang), payload: payload as object });
const secretOf = (uri: string) => new URL(uri).searchParams.get('secret')!;
const rowOf = (id: number) => staffRow(app, id);
/** The code of the step `steps` away from now (the server accepts one step either side). */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const actions = (id: number) => staffActions(app, id);

/** A staff account with a known password (the demo hook's accounts have none). */
async function account(username: string, role: 'reviewer' | 'admin' | 'branch' = 'reviewer') {
  const row = await insertStaffAccount(app, username, { role, branch: role === 'branch' ? 'BJ' : null });
  const login = await staffLogin(app, username);
  expect(login.code).toBe(200);
  return { id: row.id, token: login.data.token };
}

describe("TOTP enrolment of one's own account", () => {
  it('is pending until the first code is confirmed; then login needs a code; disabling needs a code', async () => {
    const me = await account('totp-rev');
    const start = await post<{ uri: string; expiresAt: string }>('/api/console/me/totp/start', me.token);
    expect(start.code).toBe(200);
    expect(start.data.uri).toMatch(/^otpauth:\/\/totp\/.*totp-rev.*secret=[A-Z2-7]+/);
    expect(new Date(start.data.expiresAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    const secret = secretOf(start.data.uri);
    // Not yet active: /me says off and login still works without a code.
    expect(
      (await call<{ totp: boolean }>(app, { method: 'GET', url: '/api/console/me', headers: h(me.token) })).data.totp,
    ).toBe(false);
    expect((await rowOf(me.id)).totpSecret).toBeNull();
    expect((await staffLogin(app, 'totp-rev')).code).toBe(200);

    // A malformed and a wrong code are refused, naming the field, in zh and en.
    const malformed = await post('/api/console/me/totp/confirm', me.token, { code: '12ab' });
    expect(malformed.code).toBe(400);
    expect(malformed.msg).toContain('动态口令：请输入6位数字');
    const wrongCode = String((Number(await codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await post('/api/console/me/totp/confirm', me.token, { code: wrongCode });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe('动态口令：验证码不正确，请输入身份验证器当前显示的6位数字');
    const wrongEn = await post('/api/console/me/totp/confirm', me.token, { code: wrongCode }, 'en');
    expect(wrongEn.msg).toBe('One-time code: the code is wrong; enter the 6 digits your authenticator shows now');
    expect((await rowOf(me.id)).totpSecret).toBeNull();

    // The right code (one step behind is still accepted) activates it.
    const ok = await post<{ totp: boolean }>('/api/console/me/totp/confirm', me.token, {
      code: await codeAt(secret, -1),
    });
    expect(ok.code).toBe(200);
    expect(ok.data.totp).toBe(true);
    expect(JSON.stringify(ok.data)).not.toContain(secret);
    const row = await rowOf(me.id);
    // Stored encrypted with the data key, never as the secret itself.
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret);
    expect(app.ctx.pii.decrypt(row.totpSecret!)).toBe(secret);
    expect(row.totpPendingSecret).toBeNull();

    // Login now needs the code; the code used to enrol is not accepted again (no replay), a newer one is.
    const noCode = await staffLogin(app, 'totp-rev');
    expect(noCode.msg).toBe('请输入动态口令');
    const replay = await staffLogin(app, 'totp-rev', { totp: await codeAt(secret, -1) });
    expect(replay.msg).toBe('动态口令错误');
    const login = await staffLogin(app, 'totp-rev', { totp: await codeAt(secret, 1) });
    expect(login.code).toBe(200);
    const again = await post('/api/console/me/totp/start', login.data.token);
    expect(again.code).toBe(409);

    // Disabling: nothing, a wrong code or the already used code are refused; a fresh code works.
    expect((await post('/api/console/me/totp/disable', login.data.token, {})).msg).toBe('请输入动态口令或登录密码');
    expect((await post('/api/console/me/totp/disable', login.data.token, { code: await codeAt(secret, 1) })).msg).toBe(
      '动态口令错误',
    );
    expect((await post('/api/console/me/totp/disable', login.data.token, { password: 'wrong horse' })).msg).toBe(
      '登录密码：密码错误',
    );
    expect(app.ctx.pii.decrypt((await rowOf(me.id)).totpSecret!)).toBe(secret);
    // The step after the login's: at most one step ahead of now, so wait into the next step when needed.
    const used = (await rowOf(me.id)).totpLastStep!;
    const nowStep = Math.floor(Date.now() / 30_000);
    if (used + 1 > nowStep + 1) await new Promise((r) => setTimeout(r, (nowStep + 1) * 30_000 - Date.now() + 50));
    const off = await post<{ totp: boolean }>('/api/console/me/totp/disable', login.data.token, {
      code: await generate({ secret, epoch: (used + 1) * 30 }),
    });
    expect(off.code).toBe(200);
    expect(off.data.totp).toBe(false);
    expect((await rowOf(me.id)).totpSecret).toBeNull();
    expect((await staffLogin(app, 'totp-rev')).code).toBe(200);

    const done = await actions(me.id);
    for (const a of [
      'staff.totpEnrolStart',
      'staff.totpEnrolFailed',
      'staff.totpEnabled',
      'staff.totpDisableFailed',
      'staff.totpDisabled',
    ])
      expect(done).toContain(a);
    // The secret is in no audit row.
    const rows = await app.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(me.id)));
    expect(JSON.stringify(rows)).not.toContain(secret);
  }, 40_000);

  it('disables with the password too', async () => {
    const me = await account('totp-pw');
    const start = await post<{ uri: string }>('/api/console/me/totp/start', me.token);
    expect(
      (await post('/api/console/me/totp/confirm', me.token, { code: await codeAt(secretOf(start.data.uri)) })).code,
    ).toBe(200);
    const off = await post<{ totp: boolean }>('/api/console/me/totp/disable', me.token, { password: 'correct horse' });
    expect(off.data.totp).toBe(false);
  });

  it('refuses an expired pending secret and a pending secret used twice', async () => {
    const me = await account('totp-exp');
    const start = await post<{ uri: string }>('/api/console/me/totp/start', me.token);
    const secret = secretOf(start.data.uri);
    await app.ctx.db
      .update(staffUsers)
      .set({ totpPendingExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffUsers.id, me.id));
    const expired = await post('/api/console/me/totp/confirm', me.token, { code: await codeAt(secret) });
    expect(expired.code).toBe(400);
    expect(expired.msg).toBe('绑定已过期或已完成，请重新开始绑定身份验证器');
    expect((await rowOf(me.id)).totpSecret).toBeNull();
    expect((await rowOf(me.id)).totpPendingSecret).toBeNull();

    // A new start replaces the secret: codes of the old one no longer count.
    const restart = await post<{ uri: string }>('/api/console/me/totp/start', me.token);
    const fresh = secretOf(restart.data.uri);
    expect(fresh).not.toBe(secret);
    expect((await post('/api/console/me/totp/confirm', me.token, { code: await codeAt(secret) })).msg).toContain(
      '验证码不正确',
    );
    expect((await post('/api/console/me/totp/confirm', me.token, { code: await codeAt(fresh) })).code).toBe(200);
    // Single use: confirming again is refused and changes nothing.
    const twice = await post('/api/console/me/totp/confirm', me.token, { code: await codeAt(fresh) });
    expect(twice.code).toBe(409);
    expect(twice.msg).toBe('动态口令已启用，如需更换请先停用');
    expect(app.ctx.pii.decrypt((await rowOf(me.id)).totpSecret!)).toBe(fresh);
    // With nothing pending at all.
    const other = await account('totp-none');
    const none = await post('/api/console/me/totp/confirm', other.token, { code: '123456' }, 'en');
    expect(none.msg).toBe(
      'This set-up has expired or was already completed; please start setting up the authenticator again',
    );
  });
});

describe('TOTP of other accounts', () => {
  it('another staff member cannot enrol, confirm or disable for someone else, nor reset', async () => {
    const victim = await account('totp-victim');
    const start = await post<{ uri: string }>('/api/console/me/totp/start', victim.token);
    const secret = secretOf(start.data.uri);
    const other = await staffSession(app, 'reviewer');
    // An id in the body is not part of the schema: the caller's own account is the one acted on.
    const confirm = await post('/api/console/me/totp/confirm', other.token, {
      code: await codeAt(secret),
      id: victim.id,
    });
    expect(confirm.msg).toBe('绑定已过期或已完成，请重新开始绑定身份验证器');
    expect((await rowOf(victim.id)).totpSecret).toBeNull();
    expect((await post('/api/console/me/totp/confirm', victim.token, { code: await codeAt(secret) })).code).toBe(200);
    const disable = await post('/api/console/me/totp/disable', other.token, {
      code: await codeAt(secret, 1),
      id: victim.id,
    });
    expect(disable.msg).toBe('动态口令未启用');
    const reset = await post('/api/console/staff/totp-reset', other.token, { id: victim.id });
    expect(reset.code).toBe(403);
    expect(app.ctx.pii.decrypt((await rowOf(victim.id)).totpSecret!)).toBe(secret);
    const branch = await staffSession(app, 'branch', 'BJ');
    expect((await post('/api/console/staff/totp-reset', branch.token, { id: victim.id })).code).toBe(403);
    expect((await call(app, { method: 'POST', url: '/api/console/me/totp/start', payload: {} })).code).toBe(700);
  });

  it('an admin resets a lost phone: the account logs in with the password alone and enrols again', async () => {
    const lost = await account('totp-lost', 'branch');
    const start = await post<{ uri: string }>('/api/console/me/totp/start', lost.token);
    const secret = secretOf(start.data.uri);
    await post('/api/console/me/totp/confirm', lost.token, { code: await codeAt(secret) });
    const admin = await staffSession(app, 'admin');
    const list = await call<{ username: string; totp: boolean }[]>(app, {
      method: 'GET',
      url: '/api/console/staff',
      headers: h(admin.token),
    });
    expect(list.data.find((s) => s.username === 'totp-lost')?.totp).toBe(true);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const reset = await post('/api/console/staff/totp-reset', admin.token, { id: lost.id });
    expect(reset.code).toBe(200);
    expect((await rowOf(lost.id)).totpSecret).toBeNull();
    const [audit] = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.totpReset'), eq(auditLog.targetId, String(lost.id))));
    expect(audit.actorId).toBe(admin.staffId);
    expect(audit.before).toEqual({ totp: true, pending: false });
    expect((await post('/api/console/staff/totp-reset', admin.token, { id: 999_999 })).code).toBe(404);
    const login = await staffLogin(app, 'totp-lost');
    expect(login.code).toBe(200);
    const again = await post<{ uri: string }>('/api/console/me/totp/start', login.data.token);
    expect(secretOf(again.data.uri)).not.toBe(secret);
  });
});
