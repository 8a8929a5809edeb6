/**
 * npm run bench:review: the shared review queue on PostgreSQL. BENCH_ORDERS orders (5,000) of one
 * person each wait for review; BENCH_REVIEWERS simulated reviewers (20) claim batches of 10 and
 * decide every person at once, all concurrently, through the review service the console calls.
 * One reviewer walks away from its first batch with a 2-second claim, which must come back to the
 * queue. Prints: orders decided twice (must be 0), orders left unclaimed once every reviewer is
 * idle (must be 0), the claim's p50/p95/p99 (the lease transaction alone, and with the batch read
 * the console shows) against the aim of 50 ms, and decisions per second.
 *
 *   npm run bench:review                      # a throwaway database on the local server
 *   BENCH_DATABASE_URL=postgres://... npm run bench:review
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { buildApp } from '../apps/server/src/app.ts';
import type { StaffContext } from '../apps/server/src/http/staff-auth.ts';
import { claimLeases, decide } from '../apps/server/src/modules/review/service.ts';
import { claimedOrders } from '../apps/server/src/modules/review/present.ts';
import { createDatabase } from '../apps/server/test/helpers.ts';

const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 5000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 20);
const BATCH = 10;
const AIM_MS = 50;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
/** The rows of a raw statement (drizzle types execute's answer per driver). */
const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

async function main() {
  const db = await createDatabase(BASE, 'bench_review');
  const database = await openDatabase({ databaseUrl: db.url, pgliteDir: ':memory:' });
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url },
    { dataKey: '11'.repeat(32) },
  );
  const app = await buildApp(config, { database, skipSeed: true, logger: false });
  const ctx = app.ctx;
  try {
    // The season's waiting orders, oldest first by payment time, one person and photo each, each of
    // its own student (one member holding every order made each claim read all 5,000 for the
    // same-face rule, which no real member does).
    await ctx.db.execute(sql`
      insert into members (mobile, name, is_first)
      select '139' || lpad(g::text, 8, '0'), '压测学生' || g, false from generate_series(1, ${ORDERS}) g`);
    await ctx.db.execute(sql`
      with o as (
        insert into orders (order_no, member_id, kind, type, total_fen, state, pay_time)
        select 'BR' || g, m.id, 'individual', 1, 4500, 115, now() - make_interval(mins => ${ORDERS} - g)
        from generate_series(1, ${ORDERS}) g join members m on m.mobile = '139' || lpad(g::text, 8, '0')
        returning id, order_no, member_id),
      p as (
        insert into photos (member_id, storage_key, sha256, bytes, width, height, passed, check_result)
        select o.member_id, 'bench/' || o.order_no || '.jpg', o.order_no, 30000, 480, 640, true, '{}'::jsonb from o
        returning id, storage_key)
      insert into order_details (order_id, name, fy, photo_id)
      select o.id, '学生' || o.order_no, 'BJ', p.id from o join p on p.storage_key = 'bench/' || o.order_no || '.jpg'`);
    const staff: StaffContext[] = [];
    for (let i = 0; i < REVIEWERS; i++) {
      const rows = rowsOf<{ id: number }>(
        await ctx.db.execute(
          sql`insert into staff_users (username, name, password_hash, role) values (${`bench-rv-${i}`}, ${`审核员${i}`}, '!', 'reviewer') returning id`,
        ),
      );
      const id = Number(rows[0].id);
      staff.push({
        staffId: id,
        sessionId: 0,
        username: `bench-rv-${i}`,
        name: `审核员${i}`,
        role: 'reviewer',
        branch: null,
      });
    }

    const claimMs: number[] = [];
    const batchMs: number[] = [];
    let decisions = 0;
    let refused = 0;
    let conflicts = 0;
    let idlePolls = 0;
    const waitingNow = async () =>
      Number(
        rowsOf<{ n: number }>(
          await ctx.db.execute(sql`select count(*)::int n from orders where state in (115, 116)`),
        )[0].n,
      );

    const reviewer = async (s: StaffContext, walksAway: boolean) => {
      for (;;) {
        const t0 = performance.now();
        const ids = await claimLeases(ctx, s, BATCH, walksAway ? { leaseSeconds: 2 } : {});
        const t1 = performance.now();
        const rows = await claimedOrders(ctx, s, ids);
        claimMs.push(t1 - t0);
        batchMs.push(performance.now() - t0);
        // One reviewer leaves with its first batch claimed: the claims run out and others take them.
        if (walksAway) return;
        if (!rows.length) {
          if ((await waitingNow()) === 0) return;
          idlePolls++;
          await sleep(200);
          continue;
        }
        for (const r of rows)
          for (const p of r.persons) {
            const refuse = (p.id * 7) % 10 === 0;
            try {
              await decide(ctx, s, {
                orderId: r.order.id,
                personId: p.id,
                photoId: p.photo?.id ?? 0,
                verdict: refuse ? 'refuse' : 'approve',
                ...(refuse ? { reasonIndex: 1 } : {}),
              });
              decisions++;
              if (refuse) refused++;
            } catch {
              conflicts++;
            }
          }
      }
    };

    const started = performance.now();
    await Promise.all(staff.map((s, i) => reviewer(s, i === 0)));
    const seconds = (performance.now() - started) / 1000;

    const twice = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
      select count(*)::int n from (
        select target_id from audit_log where action in ('order.approve', 'order.reject')
        group by target_id having count(*) > 1) x`),
    );
    const linesTwice = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
      select count(*)::int n from (select order_detail_id from review_decisions group by order_detail_id having count(*) > 1) x`),
    );
    const left = await waitingNow();
    const moved = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int n from orders where state in (120, 125)`),
    );

    console.log(`review queue on PostgreSQL: ${ORDERS} orders, ${REVIEWERS} reviewers claiming ${BATCH} at a time`);
    console.log(`  orders decided:                ${moved[0].n} of ${ORDERS} in ${seconds.toFixed(1)} s`);
    console.log(`  orders decided twice:          ${twice[0].n} (persons decided twice: ${linesTwice[0].n})`);
    console.log(`  left unclaimed, all idle:      ${left}`);
    console.log(
      `  claim (lease transaction):     p50 ${ms(pct(claimMs, 50))}, p95 ${ms(pct(claimMs, 95))}, p99 ${ms(pct(claimMs, 99))}  (aim < ${AIM_MS} ms: ratio ${(pct(claimMs, 99) / AIM_MS).toFixed(2)})`,
    );
    console.log(
      `  claim with the batch read:     p50 ${ms(pct(batchMs, 50))}, p95 ${ms(pct(batchMs, 95))}, p99 ${ms(pct(batchMs, 99))}  (${claimMs.length} claims)`,
    );
    console.log(
      `  decisions per second:          ${(decisions / seconds).toFixed(0)} (${decisions} decisions, ${refused} refusals)`,
    );
    console.log(`  refused decisions (conflicts): ${conflicts}; idle polls while claims ran out: ${idlePolls}`);
  } finally {
    await app.close();
    await database.close();
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`drop database if exists ${db.name}`).catch(() => undefined);
    await admin.end();
  }
}

await main();
