/**
 * Season scale on PostgreSQL: 1,000,000 orders with 3,000,000 persons (photos for a tenth,
 * refunds for a fiftieth) made with generate_series, then the member and console queries
 * timed (p50/p99 over many random keys) with their plans, to show each one uses an index;
 * then the portal's own member reads, run as the server runs them.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:season
 */
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import {
  memberOrderList,
  memberOrderListFingerprint,
  orderLines,
  orderWithRefund,
  prepareMemberReads,
} from '../apps/server/src/modules/orders/reads.ts';
import { findOrders, schoolCodesFor, searchConditions } from '../apps/server/src/modules/orders/staff-repo.ts';
import { readSchoolsCsv } from '../apps/server/src/modules/catalog/seed.ts';
import type { StaffContext } from '../apps/server/src/http/staff-auth.ts';

const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const PERSONS_PER_ORDER = 3;
const MEMBERS = Math.max(1000, Math.floor(ORDERS / 20));
const DB = 'portal_bench_season';

function dbUrl(name: string) {
  const u = new URL(BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

async function timeQuery(client: pg.Client, sql: string, params: () => unknown[], runs = 300) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const p = params();
    const t = process.hrtime.bigint();
    await client.query(sql, p);
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ms.sort((a, b) => a - b);
  const plan = await client.query(`explain ${sql}`, params());
  const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
  return {
    p50: ms[Math.floor(runs * 0.5)],
    p99: ms[Math.floor(runs * 0.99)],
    plan: text,
    usesIndex: /Index/.test(text) && !/Seq Scan on (orders|order_details)/.test(text),
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: dbUrl(DB), pgliteDir: ':memory:' });
  await database.close();

  const c = new pg.Client({ connectionString: dbUrl(DB) });
  await c.connect();
  const t0 = Date.now();
  await c.query(`insert into members (mobile, name, is_first)
    select '139' || lpad(i::text, 8, '0'), '学生' || i, false from generate_series(1, ${MEMBERS}) i`);
  await c.query(`insert into orders (order_no, member_id, kind, type, state, unit_price_fen, total_fen, created_at, updated_at)
    select case when i % 3 = 2 then '000000' else '' end || to_char(timestamp '2026-05-01' + (i || ' seconds')::interval, 'YYYYMMDDHH24MISS') || lpad((i % 1000000)::text, 6, '0'),
           (i % ${MEMBERS}) + 1,
           (array['individual','reprint','task'])[(i % 3) + 1],
           case when i % 3 = 1 then 2 else 1 end,
           (array[110,115,116,120,125,130,140,145,150])[(i % 9) + 1],
           4500, 13500,
           timestamp '2026-05-01' + (i || ' seconds')::interval,
           timestamp '2026-05-01' + (i || ' seconds')::interval
    from generate_series(1, ${ORDERS}) i`);
  // Every tenth order's persons have a stored photo (photo ids follow the insert order).
  await c.query(`insert into photos (member_id, storage_key, sha256, bytes, width, height, passed, check_result)
    select (o % ${MEMBERS}) + 1, 'photos/' || md5((o * ${PERSONS_PER_ORDER} + k)::text), md5(o::text || k::text), 60000, 480, 640, true, '{}'::jsonb
    from generate_series(10, ${ORDERS}, 10) o, generate_series(0, ${PERSONS_PER_ORDER - 1}) k order by o, k`);
  await c.query(`insert into order_details (order_id, name, mobile, id_type, id_num_hash, id_num_mask, school_name, yxdm, education, student_id, photo_id)
    select o, '学生' || (o * ${PERSONS_PER_ORDER} + k), '138' || lpad(((o * ${PERSONS_PER_ORDER} + k) % 100000000)::text, 8, '0'), 1,
           md5((o * ${PERSONS_PER_ORDER} + k)::text), '110***********0000', '学校' || (o % 2919), lpad((10001 + o % 2919)::text, 5, '0'), 2,
           lpad((o * ${PERSONS_PER_ORDER} + k)::text, 12, '0'),
           case when o % 10 = 0 then (o / 10 - 1) * ${PERSONS_PER_ORDER} + k + 1 end
    from generate_series(1, ${ORDERS}) o, generate_series(0, ${PERSONS_PER_ORDER - 1}) k`);
  // One order in fifty has a refund, one in five of those cancelled.
  await c.query(`insert into refunds (refund_no, order_id, amount_fen, status, cancelled)
    select 'R' || lpad(o::text, 12, '0'), o, 13500, (o / 50) % 5 + 1, o % 250 = 0
    from generate_series(50, ${ORDERS}, 50) o`);
  await c.query('analyze');
  console.log(
    `generated ${ORDERS} orders, ${ORDERS * PERSONS_PER_ORDER} persons, ${(ORDERS / 10) * PERSONS_PER_ORDER} photos, ${ORDERS / 50} refunds, ${MEMBERS} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const rnd = (n: number) => 1 + Math.floor(Math.random() * n);
  const queries: [string, string, () => unknown[], number][] = [
    [
      'member order list',
      `select id, order_no, state, total_fen, created_at from orders where member_id = $1 and kind = 'individual' order by created_at desc limit 20`,
      () => [rnd(MEMBERS)],
      10,
    ],
    [
      'order detail',
      `select o.*, d.* from orders o join order_details d on d.order_id = o.id where o.id = $1 and o.member_id = $2`,
      () => {
        const id = rnd(ORDERS);
        return [id, (id % MEMBERS) + 1];
      },
      10,
    ],
    [
      'console search by mobile',
      `select o.id, o.order_no, o.state from order_details d join orders o on o.id = d.order_id where d.mobile = $1 order by o.created_at desc limit 50`,
      () => ['138' + String(rnd(ORDERS * 3) % 100000000).padStart(8, '0')],
      100,
    ],
    [
      'console search by ID number',
      `select o.id, o.order_no, o.state from order_details d join orders o on o.id = d.order_id where d.id_num_hash = md5($1::text) order by o.created_at desc limit 50`,
      () => [String(rnd(ORDERS * 3))],
      100,
    ],
    [
      'console search by order number',
      `select id, order_no, state from orders where order_no = $1`,
      () => {
        const i = rnd(ORDERS);
        return [
          `${i % 3 === 2 ? '000000' : ''}${new Date(Date.UTC(2026, 4, 1) + i * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)}${String(i % 1000000).padStart(6, '0')}`,
        ];
      },
      100,
    ],
  ];
  console.log('\nquery                             p50 ms   p99 ms   aim    index');
  for (const [name, sql, params, aim] of queries) {
    const r = await timeQuery(c, sql, params);
    console.log(
      `${name.padEnd(32)} ${r.p50.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(8)}   <${String(aim).padEnd(4)} ${r.usesIndex ? 'yes' : 'NO'}   ratio p99/aim ${(r.p99 / aim).toFixed(2)}`,
    );
    console.log(
      r.plan
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
  }

  // The portal's own member reads (orders/reads.ts), as the server runs them: prepared
  // statements through drizzle, each timed whole, its SQL explained with the parameters it used.
  const pool = new pg.Pool({ connectionString: dbUrl(DB), max: 1 });
  let last: { sql: string; params: unknown[] } = { sql: '', params: [] };
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => (last = { sql, params }) },
  }) as unknown as Db;
  const member = () => rnd(MEMBERS);
  const prepared = prepareMemberReads(db);
  // The console's search by school as the server runs it (the school list first, then a page of
  // orders and their count), on the real list of schools: a code with thousands of persons, one
  // with none (codes past the generator's range) and one no school has.
  const schoolRows = readSchoolsCsv();
  for (let i = 0; i < schoolRows.length; i += 500) await db.insert(schema.schools).values(schoolRows.slice(i, i + 500));
  await pool.query('analyze schools');
  const benchStaff: StaffContext = {
    staffId: 1,
    sessionId: 1,
    username: 'bench',
    name: 'bench',
    role: 'admin',
    branch: null,
  };
  const schoolSearch = async () => {
    const pick = rnd(10);
    const school = pick === 0 ? '99999' : schoolRows[rnd(schoolRows.length) - 1]!.yxdm;
    const q = { school, page: 1, size: 20 } as Parameters<typeof searchConditions>[0];
    return findOrders(db, searchConditions(q, null, benchStaff, await schoolCodesFor(db, school)), 1, 20);
  };
  // Each with its aim, ms at p99: a member's reads 10, a staff search 100.
  const reads: [string, () => Promise<unknown>, number][] = [
    ['list fingerprint (every call)', () => memberOrderListFingerprint(prepared, member(), 'individual'), 10],
    ['list (when it changed)', () => memberOrderList(prepared, member(), 'individual'), 10],
    ['order with refund status', () => orderWithRefund(prepared, rnd(ORDERS)), 10],
    ['order lines with photo keys', () => orderLines(prepared, rnd(ORDERS)), 10],
    ['console search by school', schoolSearch, 100],
  ];
  console.log('\nportal read, as the server runs it  p50 ms   p99 ms   aim    index');
  for (const [name, run, aim] of reads) {
    const ms: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = process.hrtime.bigint();
      await run();
      ms.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    ms.sort((a, b) => a - b);
    const plan = (await pool.query(`explain ${last.sql}`, last.params)).rows
      .map((r: Record<string, string>) => r['QUERY PLAN'])
      .join('\n');
    const usesIndex = /Index/.test(plan) && !/Seq Scan on (orders|order_details|refunds)/.test(plan);
    const p99 = ms[Math.floor(ms.length * 0.99)]!;
    console.log(
      `${name.padEnd(32)} ${ms[150]!.toFixed(2).padStart(7)} ${p99.toFixed(2).padStart(8)}   <${String(aim).padEnd(4)} ${usesIndex ? 'yes' : 'NO'}   ratio p99/aim ${(p99 / aim).toFixed(2)}`,
    );
    console.log(
      plan
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
  }
  await pool.end();

  await c.end();
  if (!process.env.BENCH_KEEP) {
    const a = new pg.Client({ connectionString: BASE });
    await a.connect();
    await a.query(`drop database if exists ${DB} with (force)`);
    await a.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
