/**
 * API throughput: the built server on PGlite and on PostgreSQL, 50 connections,
 * 10 s per route, against a bare route of the same server with no database work
 * (the ceiling of this machine and framework). Prints requests/s, p99 and ratios.
 *
 *   npm run bench:api            (BENCH_SECONDS, BENCH_DATABASE_URL to adjust)
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { signBody } from '@portal/contract/envelope';
import { startServer, type RunningServer } from '../e2e/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const r = await fetch(url, init);
  const b = (await r.json()) as { code: number; data: T; msg: string };
  if (b.code !== 200) throw new Error(`${url}: ${b.code} ${b.msg}`);
  return b.data;
}

async function run(name: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  const r = await autocannon({ url, connections: 50, duration: SECONDS, headers });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function measure(label: string, server: RunningServer): Promise<void> {
  const base = server.url;
  const session = await json<{ token: string; memberId: number; randomKey: string }>(`${base}/api/dev/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13911112222' }),
  });
  let lastId = 0;
  for (let i = 0; i < 20; i++) {
    const o = await json<{ id: number }>(`${base}/api/dev/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13911112222', kind: 'individual', persons: 3, withShipping: true }),
    });
    lastId = o.id;
  }
  const auth = { authorization: `Bearer ${session.token}`, memberId: String(session.memberId) };
  void signBody; // member reads are GETs; signed POSTs are measured by the order benchmarks of later work
  // Warm up caches and JIT.
  await run('warm-up', `${base}/api/baseInfo/getBanner`).catch(() => undefined);
  const rows: Row[] = [];
  rows.push(await run('bare route (no database)', `${base}/api/health/live`));
  rows.push(await run('getBanner', `${base}/api/baseInfo/getBanner`));
  rows.push(await run('findOrderList (20 orders)', `${base}/api/order/findOrderList?type=1`, auth));
  rows.push(await run('findOrderAndOrderDetails', `${base}/api/order/findOrderAndOrderDetails?id=${lastId}`, auth));
  const bare = rows[0].rps;
  console.log(`\n${label}`);
  console.log('route                          req/s    p99 ms   ratio to bare   errors');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p99).padStart(8)}   ${(r.rps / bare).toFixed(2).padStart(8)}      ${r.errors}`,
    );
  }
}

async function main() {
  const pglite = await startServer({ LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    await measure('PGlite (embedded)', pglite);
  } finally {
    await pglite.stop();
  }
  const db = `portal_bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  try {
    await admin.connect();
  } catch {
    console.log('\nPostgreSQL not reachable: skipped');
    return;
  }
  await admin.query(`create database ${db}`);
  const u = new URL(PG_BASE);
  u.pathname = `/${db}`;
  const onPg = await startServer({
    LOG_LEVEL: 'error',
    DATABASE_URL: u.toString(),
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  try {
    await measure('PostgreSQL', onPg);
  } finally {
    await onPg.stop();
    await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
