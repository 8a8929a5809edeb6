/** Staff login with password and two-step code, and who may reach staff management. */
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { call, staffCall, memberSession, staffSession, useTestApp, staffHeaders } from '../../../test/helpers.ts';
import { auditLog } from '../../db/schema.ts';
import { insertStaffAccount, staffLogin } from '../../../test/staff-accounts.ts';

let app: FastifyInstance;

useTestApp((built) => (app = built));

describe('staff login', () => {
  it('logs in with the argon2 password and the TOTP code, and audits it', async () => {
    const secret = generateSecret();
    await insertStaffAccount(app, 'rev1', { name: '审核员', totpSecret: secret });
    const bad = await staffLogin(app, 'rev1', { password: 'wrong' });
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('用户名或密码错误');
    const noCode = await staffLogin(app, 'rev1');
    expect(noCode.msg).toBe('请输入动态口令');
    const good = await staffLogin<{ token: string; staff: { role: string } }>(app, 'rev1', {
      totp: await generate({ secret }),
    });
    expect(good.code).toBe(200);
    expect(good.data.staff.role).toBe('reviewer');
    const me = await staffCall<{ username: string }>(app, good.data.token, '/api/console/me');
    expect(me.data.username).toBe('rev1');
    const out = await call(app, { method: 'POST', url: '/api/console/logout', headers: staffHeaders(good.data.token) });
    expect(out.code).toBe(200);
    const after = await call(app, { method: 'GET', url: '/api/console/me', headers: staffHeaders(good.data.token) });
    expect(after.code).toBe(700);
    const logins = await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'staff.login'));
    expect(logins.length).toBe(1);
  });

  it('is never reachable with a member token, and staff management is for admins only', async () => {
    const m = await memberSession(app);
    const r = await call(app, { method: 'GET', url: '/api/console/orders', session: m });
    expect(r.code).toBe(700);
    const reviewer = await staffSession(app, 'reviewer');
    const denied = await call(app, { method: 'GET', url: '/api/console/staff', headers: staffHeaders(reviewer.token) });
    expect(denied.code).toBe(403);
    const admin = await staffSession(app, 'admin');
    const made = await staffCall<{ id: number }>(app, admin.token, '/api/console/staff', {
      username: 'br-sh',
      name: '上海分公司',
      role: 'branch',
      branch: 'SH',
      password: 'longenough1',
    });
    expect(made.code).toBe(200);
    const audit = await staffCall<{ rows: { action: string; targetId: string }[] }>(
      app,
      admin.token,
      '/api/console/audit?action=staff.create',
    );
    expect(audit.data.rows[0].targetId).toBe(String(made.data.id));
  });
});
