/**
 * npm run bench:season-day: a season's busiest day, measured. A season is generated on PostgreSQL
 * (bench/season-data.ts: 3,000,000 orders and 9,000,000 persons by default, with photos, payments
 * and refunds), the production build (scripts/build-server.mjs, into a folder of its own) is
 * started on it and driven through HTTP for a fixed time: students logging in with captcha and
 * SMS, uploading real photos (refused ones corrected or replaced), ordering, shipping, paying in
 * the sandbox and reading their orders, some asking for a refund; season members reading their
 * lists and order pages; staff searching and reviewing (bench/season-day-load.ts). The build runs
 * in development mode, because production refuses the sandbox payment and SMS parties and the
 * demo hooks that read captchas and codes.
 *
 * Printed per run: full journeys a second, requests a second and p50/p99 by kind, errors (must be
 * 0), CPU per journey, the database's size. The limit it is held against: photos checked a second
 * by the check alone (decode and check, no HTTP, no database) with the same worker count,
 * measured in the same run; journeys/s ÷ checks/s (aim at least 0.8) and the member reads' p99
 * (aim under 20 ms). The season is measured at each size of DAY_ORDERS (grown in one database),
 * with the default pool at every size and with 1 worker at the largest, then each p99 compared
 * across sizes: a p99 growing with the season rather than with the member's own data is a defect.
 *
 * DAY_ORDERS (1000000,3000000), DAY_SECONDS (60), DAY_WARMUP (10), DAY_STUDENTS (24),
 * DAY_READERS (6) sharing DAY_READS (20) reads a second, DAY_STAFF (2) with DAY_STAFF_PAUSE_MS (3000) between their rounds, DAY_WORKERS (1,default: worker counts at the largest size),
 * DAY_CHECK_SECONDS (20), BENCH_DATABASE_URL (the local PostgreSQL), BENCH_KEEP=1 keeps the database, DAY_PROFILE=<folder> writes a CPU profile of the server's main thread per run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { defaultPoolSize } from '../apps/server/src/modules/photos/check-pool.ts';
import { realworldBytes, realworldSet } from '../apps/server/src/modules/photos/realworld-set.ts';
import { freePort } from '../e2e/server.ts';
import { growSeason } from './season-data.ts';
import { Recorder, runLoad } from './season-day-load.ts';
import { checkAlone, cpuSeconds, printRun, printGrowth, type RunFigures } from './season-day-figures.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = (process.env.DAY_ORDERS ?? '1000000,3000000').split(',').map(Number);
const SECONDS = Number(process.env.DAY_SECONDS ?? 60);
const WARMUP = Number(process.env.DAY_WARMUP ?? 10);
const STUDENTS = Number(process.env.DAY_STUDENTS ?? 24);
const READERS = Number(process.env.DAY_READERS ?? 6);
/** At most 2: an administrator and a reviewer, each with claims of their own. */
/** Season members' reads a second (a list and an order page each), spread over the readers. */
const READS = Number(process.env.DAY_READS ?? 20);
const STAFF = Math.min(2, Number(process.env.DAY_STAFF ?? 2));
const STAFF_PAUSE_MS = Number(process.env.DAY_STAFF_PAUSE_MS ?? 3000);
const CHECK_SECONDS = Number(process.env.DAY_CHECK_SECONDS ?? 20);
const DEFAULT_WORKERS = defaultPoolSize();
const WORKERS = (process.env.DAY_WORKERS ?? `1,${DEFAULT_WORKERS}`)
  .split(',')
  .map((w) => (w === 'default' ? DEFAULT_WORKERS : Number(w)))
  .filter((w, i, all) => all.indexOf(w) === i);
const DB = 'portal_bench_season_day';
const PROFILE_DIR = process.env.DAY_PROFILE ? path.resolve(process.env.DAY_PROFILE) : null;

const dbUrl = (name: string) => Object.assign(new URL(BASE), { pathname: `/${name}` }).toString();

// The photos: the project's compliant fixtures and the real-world set's (read where it lies), its refusals as the refused.
const fixtures = path.join(ROOT, 'apps/server/test/fixtures/photos');
const set = realworldSet() ?? [];
const acceptedAll = ['compliant-1.jpg', 'compliant-2.jpg', 'compliant-3.jpg']
  .map((f) => fs.readFileSync(path.join(fixtures, f)))
  .concat(set.filter((p) => p.expected === 'pass').map(realworldBytes));
const refusedAll = set.length
  ? set.filter((p) => p.expected === 'fail').map(realworldBytes)
  : ['off-centre.jpg', 'shifted-up.jpg', 'tilted-8.jpg', 'red-background.jpg', 'no-face.jpg'].map((f) =>
      fs.readFileSync(path.join(fixtures, f)),
    );
// The size limits refuse a photo before any check (the web's own form stops those): left out of the mix.
const checkable = (b: Buffer) => b.length >= DEFAULT_BOUNDS.minBytesIndividual && b.length <= DEFAULT_BOUNDS.maxBytes;
const accepted = acceptedAll.filter(checkable);
const refused = refusedAll.filter(checkable);
const REFUSED_SHARE = 0.3;

async function startServer(out: string, workers: number) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'season-day-'));
  // DAY_PROFILE=<folder>: a CPU profile of the server's main thread per run (bench/profile-main.ts; summarise with bench/cpu-profile.ts).
  const profile = PROFILE_DIR ? ['--import', 'tsx', '--import', path.join(ROOT, 'bench/profile-main.ts')] : [];
  const child = spawn(process.execPath, [...profile, '--enable-source-maps', path.join(out, 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl(DB),
      DATA_KEY: '33'.repeat(32),
      LOG_LEVEL: 'warn',
      // Students come from their own networks (x-forwarded-for); the readers' and staff's loops from one.
      TRUST_PROXY: 'true',
      RATE_LIMIT_PER_MINUTE: '100000000',
      CODE_DAILY_BUDGET: '100000000',
      ...(PROFILE_DIR ? { CPU_PROFILE_DIR: PROFILE_DIR } : {}),
      PHOTO_WORKERS: workers === DEFAULT_WORKERS && !process.env.PHOTO_WORKERS ? '' : String(workers),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; ;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    const ok = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server was not ready in 3 minutes: ${stderr}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    pid: child.pid!,
    stderr: () => stderr,
    async stop() {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function measure(
  c: pg.Client,
  out: string,
  workers: number,
  run: number,
  orders: number,
  members: { lo: number; hi: number }[],
) {
  const server = await startServer(out, workers);
  const carrierId = (await c.query<{ id: number }>('select id from carriers order by id limit 1')).rows[0]!.id;
  const rec = new Recorder();
  let stop = false;
  const started = performance.now();
  rec.from = started + WARMUP * 1000;
  rec.to = rec.from + SECONDS * 1000;
  const load = runLoad(
    {
      base: server.url,
      rec,
      accepted,
      refused,
      refusedShare: REFUSED_SHARE,
      carrierId,
      seasonMembers: members,
      run,
      staffPauseMs: STAFF_PAUSE_MS,
      readPauseMs: (READERS * 1000) / Math.max(1, READS / 2),
      stopped: () => stop,
    },
    STUDENTS,
    READERS,
    STAFF,
  );
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  const cpu0 = cpuSeconds(server.pid);
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const cpu1 = cpuSeconds(server.pid);
  stop = true;
  await load;
  await server.stop();
  const dbBytes = Number((await c.query<{ n: string }>(`select pg_database_size('${DB}') as n`)).rows[0]!.n);
  const alone = await checkAlone(workers, accepted, refused, REFUSED_SHARE, CHECK_SECONDS);
  const figures: RunFigures = { orders, workers, seconds: SECONDS, rec, cpu0, cpu1, dbBytes, alone };
  printRun(figures, { students: STUDENTS, readers: READERS, staff: STAFF, defaultWorkers: DEFAULT_WORKERS });
  return figures;
}

async function main() {
  console.log(
    `season day: sizes ${SIZES.join(', ')} orders, ${SECONDS} s measured after ${WARMUP} s, ${STUDENTS} students, ${READERS} season readers, ${STAFF} staff at once; ${os.availableParallelism()} cores, default pool ${DEFAULT_WORKERS} workers; the compiled build in development mode (sandbox payment and SMS, demo hooks for captchas and codes)`,
  );
  // A build of its own beside the others' (it finds node_modules from there), never theirs.
  const out = path.join(ROOT, 'apps/server/dist', `season-day-${process.pid}`);
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: ROOT,
    env: { ...process.env, SERVER_OUT_DIR: out },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the server build failed');
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: dbUrl(DB), pgliteDir: ':memory:' });
  await database.close();
  const c = new pg.Client({ connectionString: dbUrl(DB) });
  await c.connect();
  const results: RunFigures[] = [];
  let generated = 0;
  let run = 0;
  const members: { lo: number; hi: number }[] = [];
  try {
    for (const [i, size] of SIZES.entries()) {
      const g = await growSeason(c, size - generated, generated);
      generated += g.orders;
      members.push(g.members);
      console.log(
        `\nseason grown by ${g.orders} orders to ${generated} (${g.persons} persons, ${g.photos} photos, ${g.payments} payments, ${g.refunds} refunds, ${g.members.hi - g.members.lo + 1} members) in ${g.seconds.toFixed(0)} s`,
      );
      const counts = i === SIZES.length - 1 ? WORKERS : [DEFAULT_WORKERS];
      for (const w of counts) results.push(await measure(c, out, w, run++, generated, members));
    }
    printGrowth(results.filter((r) => r.workers === DEFAULT_WORKERS));
  } finally {
    await c.end();
    fs.rmSync(out, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) {
      const a = new pg.Client({ connectionString: BASE });
      await a.connect();
      await a.query(`drop database if exists ${DB} with (force)`);
      await a.end();
    }
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
