import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { testApp } from '../test/helpers.ts';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { auditLog, staffUsers } from './db/schema.ts';

/** Issue 17 item 9: production prints no password; the first admin comes from `npm run admin:create`. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-create-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the command as an operator would, against the embedded database in `dir`. */
function adminCreate(args: string[], input?: string) {
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, 'admin-create.ts'), ...args],
    {
      env: { PATH: process.env.PATH, NODE_ENV: 'development', DATA_DIR: dir, DEMO_SEED: 'false', LOG_LEVEL: 'silent' },
      input,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
}

describe('the first console admin', () => {
  it('is neither created nor printed when a production server starts', async () => {
    const writes: string[] = [];
    const spy = vi
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => (writes.push(String(chunk)), true));
    // Production's mode (demo off); its outside parties are another suite's (providers/index.test.ts).
    const app = await testApp({ demo: false, seedDemo: false }, { seed: true }).finally(() => spy.mockRestore());
    try {
      const out = writes.join('');
      expect(out).not.toContain('Demo console admin');
      expect(out).not.toMatch(/password "/);
      expect(out).toContain('No console admin yet: create the first with `npm run admin:create -- --username <name>`');
      expect(await app.ctx.db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'))).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('is created by npm run admin:create from a password file, audited, and nothing secret is printed', async () => {
    const password = 'Operator-chose-this-1';
    const file = path.join(dir, 'pw.txt');
    fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
    const r = adminCreate(['--username', 'ops-admin', '--name', '运维管理员', '--password-file', file]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Console admin "ops-admin" created');
    expect(r.stdout + r.stderr).not.toContain(password);

    // Piped on standard input works too; a short password and a taken name change nothing.
    const weak = adminCreate(['--username', 'weak-admin'], 'short\n');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('The password needs at least 8 characters');
    const again = adminCreate(['--username', 'ops-admin'], 'Another-password-2\n');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('A staff account named "ops-admin" already exists; nothing was changed.');
    expect(adminCreate([]).status).toBe(2);

    // A forgotten password: --reset sets a new one on the existing account, audited, and the old one stops working.
    const newPassword = 'Reset-by-operator-3';
    const noSuch = adminCreate(['--username', 'nobody', '--reset'], `${newPassword}\n`);
    expect(noSuch.status).toBe(1);
    expect(noSuch.stderr).toContain('No staff account named "nobody"; nothing was changed.');
    const reset = adminCreate(['--username', 'ops-admin', '--reset'], `${newPassword}\n`);
    expect(reset.stderr).toBe('');
    expect(reset.stdout).toContain('New password set for "ops-admin"');
    expect(reset.stdout).not.toContain(newPassword);

    const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      { pgliteDir: ':memory:', dataKey: '11'.repeat(32) },
    );
    const app = await buildApp(config, { database, skipSeed: true, logger: false });
    try {
      const rows = await app.ctx.db.select().from(staffUsers).where(eq(staffUsers.role, 'admin'));
      expect(rows.map((s) => [s.username, s.name])).toEqual([['ops-admin', '运维管理员']]);
      expect(
        (await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'))).map((a) => a.after),
      ).toEqual([{ username: 'ops-admin', name: '运维管理员', role: 'admin', by: 'admin:create' }]);
      expect(
        (await app.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'staff.update'))).map((a) => a.after),
      ).toEqual([{ username: 'ops-admin', passwordChanged: true, by: 'admin:create --reset' }]);
      const login = (pw: string) =>
        app.inject({ method: 'POST', url: '/api/console/login', payload: { username: 'ops-admin', password: pw } });
      expect((await login(password)).json().code).not.toBe(200);
      expect((await login('Reset-by-operator-3')).json().code).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 360_000);
});
