import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createDatabase } from '../../test/helpers.ts';
import { openDatabase, type Database } from './client.ts';
import { directStatement } from './direct-statement.ts';
import { members, orders, sessions } from './schema.ts';
import { prepareMemberReads } from '../modules/orders/reads.ts';

/** The member's freshness reads run past drizzle on PostgreSQL answer exactly what drizzle's own do. */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('direct statements on PostgreSQL', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await createDatabase(url!, 'direct');
    database = await openDatabase({ databaseUrl: made.url, pgliteDir: ':memory:' });
    drop = async () => {
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${made.name} with (force)`);
      await admin.end();
    };
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('answer the same rows as drizzle, placeholders, fixed values, nulls and booleans alike', async () => {
    const { db, pool } = database;
    const [m] = await db.insert(members).values({ mobile: '13900001111' }).returning();
    const select = () =>
      db
        .select({
          id: members.id,
          mobile: members.mobile,
          none: sql<string | null>`case when ${sql.placeholder('flag')} = 'yes' then 'set' else null end`,
          fixed: sql<boolean>`${'a fixed value'} = 'a fixed value'`,
        })
        .from(members)
        .where(eq(members.id, sql.placeholder('id')));
    const direct = directStatement(pool, 'test_direct_one', ['id', 'mobile', 'none', 'fixed'], select());
    const viaDrizzle = select().prepare('test_drizzle_one');
    for (const values of [
      { id: m!.id, flag: 'yes' },
      { id: m!.id, flag: 'no' },
      { id: m!.id + 999, flag: 'no' },
    ])
      expect(await direct.execute(values), JSON.stringify(values)).toEqual(await viaDrizzle.execute(values));
  });

  it("the member's list and page freshness, before and after a write, with a live and an ended session", async () => {
    const { db, pool } = database;
    const direct = prepareMemberReads(db, pool);
    const viaDrizzle = prepareMemberReads(db);
    const [m] = await db.insert(members).values({ mobile: '13900002222' }).returning();
    const [s] = await db.insert(sessions).values({ memberId: m!.id, tokenHash: 'h', randomKey: 'k' }).returning();
    const [order] = await db
      .insert(orders)
      .values({ orderNo: 'TDIRECT1', kind: 'individual', type: 1, totalFen: 4500, memberId: m!.id, state: 100 })
      .returning();
    // The snapshot is the whole cluster's (other suites write beside this one): compared apart.
    const both = async (since: string) => {
      const list = { memberId: m!.id, sessionId: s!.id, kind: 'individual', since };
      const page = { memberId: m!.id, sessionId: s!.id, orderId: order!.id, since };
      return {
        direct: [
          ...(await direct.listFingerprintWithSession.execute(list)),
          ...(await direct.orderFingerprintWithSession.execute(page)),
        ],
        drizzle: [
          ...(await viaDrizzle.listFingerprintWithSession.execute(list)),
          ...(await viaDrizzle.orderFingerprintWithSession.execute(page)),
        ],
      };
    };
    const withoutSnapshot = (rows: { snapshot: string }[]) =>
      rows.map(({ snapshot, ...rest }) => (expect(snapshot).toMatch(/^\d+:\d+:/), rest));
    const first = await both('');
    expect(withoutSnapshot(first.direct)).toEqual(withoutSnapshot(first.drizzle));
    expect(first.direct.map((r) => r.sessionLive)).toEqual([true, true]);
    expect(first.direct.every((r) => typeof r.fingerprint === 'string')).toBe(true);
    // Given its own snapshot: nothing can have changed, or the fingerprint is read again and is the same.
    const again = await both(first.direct[0]!.snapshot);
    again.direct.forEach((r, i) => expect([null, first.direct[i]!.fingerprint]).toContain(r.fingerprint));
    await db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.id, s!.id));
    const ended = await both('');
    expect(withoutSnapshot(ended.direct)).toEqual(withoutSnapshot(ended.drizzle));
    expect(ended.direct.map((r) => r.sessionLive)).toEqual([false, false]);
  });
});
