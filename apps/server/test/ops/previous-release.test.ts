import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiData, ChildServer, devLogin, tempDataDir, type MemberSession } from '../hardening/child-server.ts';

/**
 * Migrations never stop the service (ARCHITECTURE.md, "Migrations that never stop the service"):
 * during a rolling deploy the previous release keeps serving on the database the new one has just
 * migrated. The previous release is the parent of the newest first-parent commit that changed the
 * migrations folder; it is taken from git (`git archive`) into a temporary folder whose
 * node_modules reaches this tree's packages through symlinks (its own workspace packages
 * excepted), started through tsx on a database the current code migrated and seeded, and walked
 * through a member's and a staff member's main routes.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MIGRATIONS = 'apps/server/src/db/migrations';
const OUT = path.join(ROOT, 'apps/server/dist', `test-prev-${process.pid}`);

const git = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The previous release's commit, or why there is none (a shallow clone, no migration ever changed). */
function previousRelease(): { commit: string; latestMigration: string } | { none: string } {
  let latest = '';
  try {
    latest = git(['log', '--first-parent', '--format=%H', '-1', 'HEAD', '--', MIGRATIONS]);
  } catch (e) {
    return { none: `git log failed: ${String(e)}` };
  }
  if (!latest) return { none: 'no commit of this history changed the migrations' };
  try {
    return { commit: git(['rev-parse', '--verify', '--quiet', `${latest}^1`]), latestMigration: latest };
  } catch {
    return { none: `the latest migration commit ${latest.slice(0, 10)} has no parent here (a shallow clone?)` };
  }
}

/** The release's files, with a node_modules of symlinks into this tree's but its own workspace packages. */
function checkOut(commit: string, dir: string): void {
  execSync(
    `git archive --format=tar ${commit} package.json tsconfig.base.json apps/server packages | tar -x -C ${JSON.stringify(dir)}`,
    { cwd: ROOT, stdio: 'pipe' },
  );
  const nm = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(nm, '@portal'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '@portal') continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(nm, entry));
  }
  for (const [name, where] of [
    ['contract', 'packages/contract'],
    ['photo-check', 'packages/photo-check'],
    ['server', 'apps/server'],
  ])
    fs.symlinkSync(path.join(dir, where), path.join(nm, '@portal', name));
  const serverModules = path.join(ROOT, 'apps/server/node_modules');
  if (fs.existsSync(serverModules)) fs.symlinkSync(serverModules, path.join(dir, 'apps/server/node_modules'));
}

const release = previousRelease();

// On the embedded database, in the unit suite; the database suite's run on PostgreSQL would only repeat it.
describe.skipIf('none' in release || !!process.env.TEST_DATABASE_URL)(
  'the previous release on the database the current one migrated',
  () => {
    const prev = release as { commit: string; latestMigration: string };
    const dataDir = tempDataDir('portal-prev-release');
    const oldDir = tempDataDir('portal-prev-code');
    let current: ChildServer | null = null;
    let previous: ChildServer | null = null;
    let order: { id: number; orderNo: string };
    const mobile = '13800000088';

    beforeAll(async () => {
      const same = (() => {
        try {
          git(['diff', '--quiet', prev.commit, '--', MIGRATIONS]);
          return true;
        } catch {
          return false;
        }
      })();
      console.log(
        `previous release ${prev.commit.slice(0, 10)} (before ${prev.latestMigration.slice(0, 10)}, the latest migration change)` +
          (same ? ': no migration difference with this tree; only its start on this database is checked' : ''),
      );
      checkOut(prev.commit, oldDir);
      // The current release (compiled, as it is deployed) migrates and seeds the database, writes an order, stops.
      execFileSync(process.execPath, ['scripts/build-server.mjs'], {
        cwd: ROOT,
        env: { ...process.env, SERVER_OUT_DIR: OUT },
        stdio: 'pipe',
      });
      current = await ChildServer.start({ dataDir, command: { args: [path.join(OUT, 'main.js')] } }, 180_000);
      await devLogin(current, mobile);
      order = await apiData(current.url, {
        url: '/api/dev/order',
        body: { mobile, kind: 'individual', persons: 2, withShipping: true, amountFen: 6000 },
      });
      await current.stop();
      current = null;
      // The embedded database takes one process at a time: the previous release opens it next.
      previous = await ChildServer.start(
        { dataDir, command: { args: ['--import', 'tsx', 'apps/server/src/main.ts'], cwd: oldDir } },
        240_000,
      );
    }, 480_000);

    afterAll(async () => {
      await current?.stop();
      await previous?.stop();
      for (const d of [dataDir, oldDir, OUT]) fs.rmSync(d, { recursive: true, force: true });
    });

    it('is ready on the migrated database', async () => {
      const ready = await api<{ status: string; migrations: number }>(previous!.url, { url: '/api/health/ready' });
      expect(ready.status).toBe(200);
      const now = fs.readdirSync(path.join(ROOT, MIGRATIONS)).filter((f) => f.endsWith('.sql')).length;
      // The database holds the current release's migrations, which the previous one did not ship.
      expect(ready.data.migrations).toBe(now);
    });

    it('serves a member: captcha, login, order list and the order page written by the current release', async () => {
      const url = previous!.url;
      const captcha = await apiData<{ imageCodeToken: string; imageCode: string }>(url, {
        url: '/api/login/getImageCode',
      });
      expect(captcha.imageCode).toMatch(/^data:image\/jpeg;base64,/);
      const answer = await api<unknown>(url, { url: `/api/dev/captcha?token=${captcha.imageCodeToken}` });
      expect(answer.code).toBe(200);
      const session: MemberSession = await devLogin(previous!, mobile);
      const list = await api<unknown>(url, { url: '/api/order/findOrderList?type=1', session });
      expect(list.code).toBe(200);
      expect(JSON.stringify(list.data)).toContain(order.orderNo);
      const page = await api<unknown>(url, { url: `/api/order/findOrderAndOrderDetails?id=${order.id}`, session });
      expect(page.code).toBe(200);
      expect(JSON.stringify(page.data)).toContain(order.orderNo);
    });

    it('writes a new order and serves the console order search', async () => {
      const url = previous!.url;
      const written = await apiData<{ id: number; orderNo: string }>(url, {
        url: '/api/dev/order',
        body: { mobile, kind: 'individual', persons: 1, withShipping: true, amountFen: 3000 },
      });
      const staff = await apiData<{ token: string }>(url, {
        url: '/api/dev/staff-login',
        body: { role: 'admin', branch: null },
      });
      const found = await api<{ total: number; rows?: unknown[] }>(url, {
        url: `/api/console/orders?mobile=${mobile}`,
        headers: { 'x-staff-token': staff.token },
      });
      expect(found.code).toBe(200);
      const text = JSON.stringify(found.data);
      expect(text).toContain(order.orderNo);
      expect(text).toContain(written.orderNo);
    });
  },
);

// Said once in the run's output when the previous release cannot be found.
if ('none' in release) console.log(`previous-release test skipped: ${release.none}`);
