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
 * BENCH_ONLY=pglite|postgres to run one database, BENCH_ROUTES=live,banner,list,detail,browser to run some
 * routes, BENCH_VERBOSE=1 to print every slice with the CPU time per request of the server answering,
 * of PostgreSQL and of the load generator, BENCH_PROFILE=<folder> to write a CPU profile of
 * the portal's main thread there per run (bench/profile-main.ts; summarise with bench/cpu-profile.ts).
 *
 * Each route is measured against its anchor in alternating slices (anchor, route, route, anchor, ...;
 * BENCH_SLICES of them each, 4 by default, sharing BENCH_SECONDS), both processes running the whole
 * time: on a shared machine whose speed drifts by a third from one minute to the next, a ratio of
 * two figures taken minutes apart measures the drift, while slices taken side by side see the same
 * machine. Requests are summed over the slices, and a route's p99 is over all its requests.
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
  /** The anchor measured alongside this row, and the ratio it must reach (and the p99 bound). */
  against?: { name: string; rps: number; p99: number; min: number; p99Below?: number };
}

interface Proc {
  url: string;
  pid: number;
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
    pid: child.pid!,
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

const SLICES = Math.max(1, Number(process.env.BENCH_SLICES ?? 4));

/** One slice's raw result (skipAggregateResult): its latency histogram is merged with the other slices'. */
type Slice = { totalCompletedRequests: number };
/** autocannon's merge of raw results: in its API, not in its type definitions. */
const { aggregateResult } = autocannon as unknown as {
  aggregateResult(results: Slice[], opts: { url: string; connections: number }): autocannon.Result;
};

function cannon(url: string, seconds: number, headers: Record<string, string>): Promise<Slice> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    skipAggregateResult: true,
  }) as unknown as Promise<Slice>;
}

interface Side {
  url: string;
  headers?: Record<string, string>;
  /** The process answering, whose CPU time BENCH_VERBOSE shows per request. */
  pid?: number;
}

const TICK_US = 1e6 / 100; // Linux's USER_HZ

/** CPU time (user + system, µs) of one process, by pid; 0 off Linux or once it has exited. */
function cpuTime(pid: string): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_US;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process, by pid (backends come and go: each is diffed on its own). */
function postgresTimes(): Map<string, number> {
  const times = new Map<string, number>();
  for (const p of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim() === 'postgres') times.set(p, cpuTime(p));
    } catch {
      // exited meanwhile
    }
  }
  return times;
}

/** Where one slice's CPU went, per request: the server answering, PostgreSQL, and the load generator. */
function cpuPerRequest(pid: number | undefined) {
  const at = () => ({ server: pid ? cpuTime(String(pid)) : 0, pg: postgresTimes(), load: process.cpuUsage() });
  const start = at();
  return (requests: number) => {
    const end = at();
    const us = (a: number, b: number) => ((b - a) / requests).toFixed(0).padStart(4);
    const load = end.load.user + end.load.system - start.load.user - start.load.system;
    // A backend that exited during the slice takes its time with it: PostgreSQL's figure is then low, never negative.
    let pg = 0;
    for (const [p, t] of end.pg) pg += t - (start.pg.get(p) ?? 0);
    return `µs CPU per request: server ${us(start.server, end.server)}, postgres ${us(0, pg)}, load ${us(0, load)}`;
  };
}

/**
 * A route and its anchor measured in alternating slices (ABBA order, so a drift during the pair
 * weighs on both alike): each side's requests per second over all its slices, and its p99 over
 * all its requests (the slices' latency histograms merged).
 */
async function pair(anchorName: string, anchor: Side, name: string, route: Side): Promise<[Row, Row]> {
  const slice = SECONDS / SLICES;
  const slices: Record<'a' | 'r', Slice[]> = { a: [], r: [] };
  for (let i = 0; i < SLICES; i++) {
    const order: ('a' | 'r')[] = i % 2 === 0 ? ['a', 'r'] : ['r', 'a'];
    for (const side of order) {
      const s = side === 'a' ? anchor : route;
      const cpu = process.env.BENCH_VERBOSE ? cpuPerRequest(s.pid) : null;
      const m = await cannon(s.url, slice, s.headers ?? {});
      slices[side].push(m);
      if (cpu) {
        const n = m.totalCompletedRequests;
        console.log(`    ${side} ${String(n).padStart(7)} requests   ${cpu(n)}`);
      }
    }
  }
  const row = (n: string, url: string, x: Slice[]): Row => {
    const r = aggregateResult(x, { url, connections: CONNECTIONS });
    return {
      name: n,
      rps: r.requests.total / (slice * SLICES),
      p99: r.latency.p99,
      errors: r.errors + r.non2xx,
      requests: r.requests.total,
    };
  };
  return [row(anchorName, anchor.url, slices.a), row(name, route.url, slices.r)];
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

const ROUTES = new Set((process.env.BENCH_ROUTES ?? 'live,banner,list,detail,browser').split(','));

/** What every browser sends: the kept answers then go out compressed (http/kept-json.ts). */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** A route's target: its ratio to an anchor at least min (0: shown, no target), p99 below a bound. */
type Target = { anchor: { name: string; url: string; pid: number }; min: number; p99Below?: number };

/** The portal's routes on one database, each measured alongside its anchor. */
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
    // Warm-up: JIT, prepared statements, the session and list caches, and the anchors.
    await autocannon({ url: `${base}/api/baseInfo/getBanner`, connections: 10, duration: 2 });
    await autocannon({
      url: `${base}/api/order/findOrderList?type=1`,
      connections: 10,
      duration: 2,
      headers: me.headers,
    });
    for (const url of new Set(Object.values(targets).map((t) => t.anchor.url)))
      await autocannon({ url, connections: 10, duration: 1 });
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
      // The same reads as a browser asks for them (compressed); shown against the same anchors.
      ['browser', 'getBanner, browser', '/api/baseInfo/getBanner', { ...targets.banner, min: 0 }, BROWSER],
      [
        'browser',
        'findOrderList, browser',
        '/api/order/findOrderList?type=1',
        { ...targets.list, min: 0, p99Below: undefined },
        { ...me.headers, ...BROWSER },
      ],
    ];
    for (const [key, name, url, t, headers] of routes) {
      if (!ROUTES.has(key)) continue;
      // Each side warmed on this very route at full load first, so no slice pays for its JIT.
      await cannon(base + url, 1, headers ?? {});
      await cannon(t.anchor.url, 1, {});
      const before = lines(server.logFile!);
      const [a, r] = await pair(t.anchor.name, t.anchor, name, { url: base + url, headers, pid: server.pid });
      logLines += lines(server.logFile!) - before;
      requests += r.requests;
      rows.push({ ...r, against: { name: a.name, rps: a.rps, p99: a.p99, min: t.min, p99Below: t.p99Below } });
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
  console.log(
    'route                          req/s   p99 ms  errors   against (alongside)       req/s  p99 ms   ratio  target',
  );
  for (const r of rows) {
    const a = r.against!;
    const ratio = r.rps / a.rps;
    let verdict = '';
    if (a.min > 0) {
      const met = ratio >= a.min && (a.p99Below === undefined || r.p99 < a.p99Below);
      verdict = `${met ? 'met' : 'NOT met'} (>= ${a.min}${a.p99Below ? `, p99 < ${a.p99Below} ms` : ''})`;
    }
    console.log(
      `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)}   ${a.name.padEnd(22)} ${a.rps.toFixed(0).padStart(7)} ${String(a.p99).padStart(7)}   ${ratio.toFixed(2).padStart(5)}  ${verdict}`,
    );
  }
}

async function main() {
  console.log(
    `bench:api  ${CONNECTIONS} connections, ${SECONDS} s per route and per anchor in ${SLICES} alternating slices, ${os.cpus().length} cores`,
  );
  console.log('(other load on the machine moves every figure: read the ratios, each measured alongside its anchor)');
  if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });

  const bareProc = await anchor('bare');
  const bare = { name: 'bare Fastify', url: `${bareProc.url}/anchor`, pid: bareProc.pid };
  try {
    if (ONLY !== 'postgres') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-anchor-'));
      const p = await anchor('pglite', { PGLITE_DIR: dir });
      try {
        const one = { name: 'PGlite one query', url: `${p.url}/anchor`, pid: p.pid };
        // On PGlite only the list has a target of its own (against one PGlite query); the rest is shown.
        const rows = await measurePortal(null, {
          live: { anchor: bare, min: 0.6 },
          banner: { anchor: bare, min: 0.5 },
          list: { anchor: one, min: 0.3 },
          detail: { anchor: one, min: 0 },
        });
        print('PGlite (embedded, the default)', rows);
      } finally {
        await p.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    if (ONLY !== 'pglite') await postgres(bare);
  } finally {
    await bareProc.stop();
  }
}

async function postgres(bare: { name: string; url: string; pid: number }) {
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
    try {
      const one = { name: 'pg one prepared query', url: `${p.url}/anchor`, pid: p.pid };
      const member = { anchor: one, min: 0.5, p99Below: 20 };
      const rows = await measurePortal(u.toString(), {
        live: { anchor: bare, min: 0.6 },
        banner: { anchor: bare, min: 0.5 },
        list: member,
        detail: member,
      });
      print('PostgreSQL (same machine)', rows);
    } finally {
      await p.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
