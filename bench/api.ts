/**
 * Per-request cost of the API against anchors started here, each in its own process
 * (bench/api-anchor.ts): bare Fastify with one route returning the portal's envelope, the same
 * with one prepared `select 1` through pg on PostgreSQL, and the same on an embedded PGlite.
 * The portal runs with LOG_LEVEL at its production default (info), its log going to a file as a
 * collector would take it; the bench counts the log lines per request.
 *
 *   npm run bench:api
 *
 * BENCH_SECONDS (8), BENCH_CONNECTIONS (50), BENCH_DATABASE_URL (the local PostgreSQL),
 * BENCH_ONLY=pglite|postgres to run one database, BENCH_ROUTES=live,banner,list,detail to run some
 * routes, BENCH_PROFILE=<folder> to write a CPU profile of the portal's main thread there per run
 * (bench/profile-main.ts; summarise with bench/cpu-profile.ts).
 *
 * Absolute figures depend on the machine and on whatever else runs on it: read the ratios.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../e2e/server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_ONLY;
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;

interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  requests: number;
  /** The anchor this row is compared with, and the ratio it must reach (and the p99 bound). */
  against?: { name: string; rps: number; min: number; p99Below?: number };
}

interface Proc {
  url: string;
  logFile: string | null;
  stop(): Promise<void>;
}

/** Starts a server process and waits until `ready` answers 200. */
async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: string,
  logFile: string | null = null,
): Promise<Proc> {
  const port = await freePort();
  const out = logFile ? fs.openSync(logFile, 'w') : 'ignore';
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url + ready)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start in time`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    logFile,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (typeof out === 'number') fs.closeSync(out);
    },
  };
}

function anchor(mode: 'bare' | 'pg' | 'pglite', env: Record<string, string> = {}) {
  return startProcess(['--import', 'tsx', 'bench/api-anchor.ts', mode], { ...process.env, ...env }, '/anchor');
}

/** The portal as production runs it: LOG_LEVEL unset (its default), the log written to a file. */
function portal(dataDir: string, databaseUrl: string | null) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    NODE_ENV: 'development', // the demo hooks sign a member in and make orders
    SHUTDOWN_DRAIN_SECONDS: '0',
    // Every request comes from one address here.
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  delete env.LOG_LEVEL;
  if (PROFILE_DIR) env.CPU_PROFILE_DIR = PROFILE_DIR;
  const prof = PROFILE_DIR ? ['--import', './bench/profile-main.ts'] : [];
  return startProcess(
    ['--import', 'tsx', ...prof, 'apps/server/src/main.ts'],
    env,
    '/api/health/ready',
    path.join(dataDir, 'server.log'),
  );
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const r = await fetch(url, init);
  const b = (await r.json()) as { code: number; data: T; msg: string };
  if (b.code !== 200) throw new Error(`${url}: ${b.code} ${b.msg}`);
  return b.data;
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx, requests: r.requests.total };
}

/** A member with 20 orders of 3 people each, through the demo hooks; its session headers and an order id. */
async function member(base: string) {
  const mobile = '13911112222';
  const post = (url: string, body: unknown) =>
    json<{ id: number; token: string; memberId: number }>(base + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const session = await post('/api/dev/login', { mobile });
  let lastId = 0;
  for (let i = 0; i < 20; i++)
    lastId = (await post('/api/dev/order', { mobile, kind: 'individual', persons: 3, withShipping: true })).id;
  return { headers: { authorization: `Bearer ${session.token}`, memberid: String(session.memberId) }, lastId };
}

function lines(file: string): number {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
}

const ROUTES = new Set((process.env.BENCH_ROUTES ?? 'live,banner,list,detail').split(','));

/** A route's target: its ratio to an anchor at least min (0: shown, no target), p99 below a bound. */
type Target = { anchor: Row; min: number; p99Below?: number };

/** The portal's routes on one database, each against its anchor. */
async function measurePortal(
  databaseUrl: string | null,
  targets: { live: Target; banner: Target; list: Target; detail: Target },
): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-api-'));
  const server = await portal(dataDir, databaseUrl);
  const rows: Row[] = [];
  let logLines = 0;
  let requests = 0;
  try {
    const base = server.url;
    const me = await member(base);
    // Warm-up: JIT, prepared statements, the session and list caches.
    await autocannon({ url: `${base}/api/baseInfo/getBanner`, connections: 10, duration: 2 });
    await autocannon({
      url: `${base}/api/order/findOrderList?type=1`,
      connections: 10,
      duration: 2,
      headers: me.headers,
    });
    const routes: [string, string, string, Target, Record<string, string>?][] = [
      ['live', '/api/health/live', '/api/health/live', targets.live],
      ['banner', 'getBanner', '/api/baseInfo/getBanner', targets.banner],
      ['list', 'findOrderList (20 orders)', '/api/order/findOrderList?type=1', targets.list, me.headers],
      [
        'detail',
        'findOrderAndOrderDetails',
        `/api/order/findOrderAndOrderDetails?id=${me.lastId}`,
        targets.detail,
        me.headers,
      ],
    ];
    for (const [key, name, url, t, headers] of routes) {
      if (!ROUTES.has(key)) continue;
      const before = lines(server.logFile!);
      const r = await load(name, base + url, headers);
      logLines += lines(server.logFile!) - before;
      requests += r.requests;
      rows.push({ ...r, against: { name: t.anchor.name, rps: t.anchor.rps, min: t.min, p99Below: t.p99Below } });
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n  log lines per request at the default level: ${(logLines / requests).toFixed(2)}`);
  return rows;
}

function print(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log('route                          req/s   p99 ms  errors   ratio  against                 target');
  for (const r of rows) {
    const ratio = r.against ? r.rps / r.against.rps : 1;
    let verdict = '';
    if (r.against && r.against.min > 0) {
      const met = ratio >= r.against.min && (r.against.p99Below === undefined || r.p99 < r.against.p99Below);
      verdict = `${met ? 'met' : 'NOT met'} (>= ${r.against.min}${r.against.p99Below ? `, p99 < ${r.against.p99Below} ms` : ''})`;
    }
    console.log(
      `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)}   ${ratio.toFixed(2).padStart(5)}  ${(r.against?.name ?? 'anchor').padEnd(22)}  ${verdict}`,
    );
  }
}

async function main() {
  console.log(`bench:api  ${CONNECTIONS} connections, ${SECONDS} s per route, ${os.cpus().length} cores`);
  console.log('(other load on the machine moves every figure: read the ratios, measured in one run)');
  if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });

  const bareProc = await anchor('bare');
  let bare: Row;
  try {
    bare = { ...(await load('bare Fastify', `${bareProc.url}/anchor`)) };
  } finally {
    await bareProc.stop();
  }
  print('Anchor', [bare]);

  if (ONLY !== 'postgres') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-anchor-'));
    const p = await anchor('pglite', { PGLITE_DIR: dir });
    let one: Row;
    try {
      one = await load('PGlite one query', `${p.url}/anchor`);
    } finally {
      await p.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // On PGlite only the list has a target of its own (against one PGlite query); the rest is shown.
    const rows = await measurePortal(null, {
      live: { anchor: bare, min: 0.6 },
      banner: { anchor: bare, min: 0.5 },
      list: { anchor: one, min: 0.3 },
      detail: { anchor: one, min: 0 },
    });
    print('PGlite (embedded, the default)', [one, ...rows]);
  }

  if (ONLY === 'pglite') return;
  const admin = new pg.Client({ connectionString: PG_BASE, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (e) {
    console.log(`\nPostgreSQL: skipped, nothing answers at BENCH_DATABASE_URL (${(e as Error).message})`);
    return;
  }
  const db = `portal_bench_api_${process.pid}`;
  await admin.query(`create database ${db}`);
  const u = new URL(PG_BASE);
  u.pathname = `/${db}`;
  try {
    const p = await anchor('pg', { PG_URL: u.toString() });
    let one: Row;
    try {
      one = await load('pg one prepared query', `${p.url}/anchor`);
    } finally {
      await p.stop();
    }
    const member = { anchor: one, min: 0.5, p99Below: 20 };
    const rows = await measurePortal(u.toString(), {
      live: { anchor: bare, min: 0.6 },
      banner: { anchor: bare, min: 0.5 },
      list: member,
      detail: member,
    });
    print('PostgreSQL (same machine)', [one, ...rows]);
  } finally {
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
