import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { api, ChildServer, devLogin, tempDataDir } from '../hardening/child-server.ts';

/**
 * The production build (scripts/build-server.mjs, run by `npm run build`): the server bundled to
 * JavaScript and started with plain `node`, as `npm run start:prod` does. A broken bundle (a file
 * it reads beside itself, the photo check's worker, a package it imports that production does not
 * install) fails here. See ARCHITECTURE.md, "Production build".
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
// Inside apps/server, so the bundle finds node_modules as the real one does; dist/ is not committed.
const OUT = path.join(ROOT, 'apps/server/dist', `test-build-${process.pid}`);
const PHOTO = path.join(ROOT, 'apps/server/test/fixtures/photos/compliant-1.jpg');

/** Whether `npm ci --omit=dev` installs a package: the lock file marks the others dev. */
function productionInstalled(spec: string): boolean {
  const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
  };
  // Hoisted to the root, or kept under the server's own node_modules (a pinned version).
  const entry = lock.packages[`node_modules/${name}`] ?? lock.packages[`apps/server/node_modules/${name}`];
  return !!entry && !entry.dev && !entry.devOptional;
}

// On the embedded database, in the unit suite; the database suite's run on PostgreSQL would only repeat it.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('the compiled production build', () => {
  let server: ChildServer | null = null;
  const dataDir = tempDataDir('portal-compiled');

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs'], {
      cwd: ROOT,
      env: { ...process.env, SERVER_OUT_DIR: OUT },
      stdio: 'pipe',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(OUT, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports only packages a production install has, and no TypeScript tooling', () => {
    const externals = JSON.parse(fs.readFileSync(path.join(OUT, 'externals.json'), 'utf8')) as string[];
    expect(externals).toContain('fastify');
    expect(externals.filter((p) => !productionInstalled(p))).toEqual([]);
    for (const file of ['main.js', 'check-worker.js', 'admin-create.js', 'backup-cli.js']) {
      const js = fs.readFileSync(path.join(OUT, file), 'utf8');
      expect(js, file).not.toMatch(/from "tsx|import\("tsx|require\("tsx/);
      expect(fs.existsSync(path.join(OUT, `${file}.map`)), `${file}.map`).toBe(true);
    }
  });

  it('starts with plain node, becomes ready, answers the public API and checks a photo in its compiled worker', async () => {
    server = await ChildServer.start(
      { dataDir, command: { args: ['--enable-source-maps', path.join(OUT, 'main.js')] } },
      180_000,
    );
    const ready = await api<{ status: string; db: string; migrations: number }>(server.url, {
      url: '/api/health/ready',
    });
    expect(ready.status).toBe(200);
    expect(ready.data.status).toBe('ok');
    // Every migration of the repository applied: the bundle read the migrations folder.
    const migrations = fs
      .readdirSync(path.join(ROOT, 'apps/server/src/db/migrations'))
      .filter((f) => f.endsWith('.sql'));
    expect(ready.data.migrations).toBe(migrations.length);

    // The image captcha draws from the fonts' npm packages, resolved from the bundle.
    const captcha = await api<{ imageCodeToken: string; imageCode: string }>(server.url, {
      url: '/api/login/getImageCode',
    });
    expect(captcha.code).toBe(200);
    expect(captcha.data.imageCode).toMatch(/^data:image\/jpeg;base64,/);

    // The seeded reference data (read from the seed files beside the source): Peking University.
    const schools = await api<unknown>(server.url, { url: '/api/baseInfo/getAllSchool' });
    expect(schools.code).toBe(200);
    expect(JSON.stringify(schools.data)).toContain('北京大学');

    // A compliant photo passes the check run by the compiled worker with the face model files.
    const session = await devLogin(server, '13800000077');
    const consent = await api(server.url, {
      url: '/api/order/photoConsent',
      body: { version: PHOTO_CONSENT_VERSION },
      session,
    });
    expect(consent.code).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fs.readFileSync(PHOTO))], { type: 'image/jpeg' }), 'photo.jpg');
    const upload = await api<string>(server.url, { url: '/api/img/upload', form, session, timeoutMs: 120_000 });
    expect(upload.msg).toBe('success');
    expect(upload.code).toBe(200);
  }, 300_000);
});
