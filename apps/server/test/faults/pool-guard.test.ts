import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Pool, PoolClient } from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { databaseUnavailable } from '../../src/db/connection-errors.ts';
import { NEEDS_POSTGRES, reachablePostgres, sqlClient, throwawayDatabase } from '../hardening/child-server.ts';
import { watchCrashes } from './instances.ts';

/**
 * The pool keeps its connections through their loss (db/client.ts): a client whose backend is
 * terminated while it is checked out and never released (drizzle's transaction does not release a
 * client whose BEGIN failed) is taken back, so a few restarts cannot drain the pool for good.
 */

const pgBase = await reachablePostgres();

describe.skipIf(!pgBase)('the pool when held connections die (PostgreSQL)', () => {
  const crashes = watchCrashes();
  let db: Awaited<ReturnType<typeof throwawayDatabase>>;
  let database: Database;
  let admin: Awaited<ReturnType<typeof sqlClient>>;
  beforeAll(async () => {
    db = await throwawayDatabase(pgBase!, 'fpool');
    database = await openDatabase({ databaseUrl: db.url, pgliteDir: ':memory:', timeouts: { connectMs: 1_000 } });
    admin = await sqlClient(db.url);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await admin?.end();
    await db?.drop();
  });

  it('takes back every checked-out client whose connection died, and serves the next query', async () => {
    const pool = database.pool as unknown as Pool;
    // Every client of the pool (ten) checked out and kept, as by a holder that never releases.
    const held: PoolClient[] = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
    onTestFinished(() => held.forEach((c) => c.release()));
    for (const c of held) await c.query('select 1');
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'portal'`,
    );
    expect(killed.rowCount).toBe(10);
    const t0 = Date.now();
    const answer = await Promise.race([
      database.db.execute(sql`select 42 as n`).then((r) => (r as unknown as { rows: { n: number }[] }).rows[0]!.n),
      new Promise<string>((r) => setTimeout(() => r('no connection in 8 s'), 8_000)),
    ]);
    expect(answer).toBe(42);
    expect(Date.now() - t0).toBeLessThan(5_000);
    // The holders learn of it as a lost connection; releasing later is harmless (onTestFinished).
    const late = await held[0]!.query('select 1').catch((e: unknown) => e);
    expect(databaseUnavailable(late)).toBe(true);
    expect(crashes.errors).toEqual([]);
  }, 20_000);
});

if (!pgBase) describe('the pool when held connections die', () => it.skip(NEEDS_POSTGRES, () => {}));
