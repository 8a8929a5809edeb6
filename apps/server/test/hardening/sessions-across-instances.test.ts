import { describe, expect, it } from 'vitest';
import { CODE } from '@portal/contract/envelope';
import {
  ChildServer,
  NEEDS_POSTGRES,
  api,
  devLogin,
  mobileSequence,
  reachablePostgres,
  useTwoInstances,
  type MemberSession,
  type TwoInstances,
} from './child-server.ts';

/**
 * Sessions cached in each instance's memory (http/session-cache.ts) against two server
 * processes on one PostgreSQL database: an end or a change on one instance, or straight in
 * SQL, is refused by the other as soon as the notification arrives, and while an instance's
 * listening connection is lost it serves nothing from memory.
 */

const pgBase = await reachablePostgres();
/** How long a notification may take between instances on one machine, with room for a loaded CI. */
const NOTIFY_WITHIN_MS = 2_000;

/** The envelope code of a call without a live session. */
const NOT_LOGGED_IN = CODE.NOT_LOGGED_IN;

const freshMobile = mobileSequence('1357');

describe.skipIf(!pgBase)('member sessions shared by two instances on one PostgreSQL database', () => {
  let a: ChildServer;
  let b: ChildServer;
  let pg: TwoInstances['pg'];
  useTwoInstances(pgBase, 'sessions', (two) => ({ a, b, pg } = two));

  const login = (s: ChildServer) => devLogin(s, freshMobile());
  const listCode = async (s: ChildServer, session: MemberSession) =>
    (await api(s.url, { url: '/api/order/findOrderList?type=1', session })).code;

  /** Calls until the instance refuses the session; the time it took, or a failure past the bound. */
  async function refusedWithin(s: ChildServer, session: MemberSession): Promise<number> {
    const t0 = Date.now();
    for (;;) {
      const code = await listCode(s, session);
      if (code === NOT_LOGGED_IN) return Date.now() - t0;
      expect(code).toBe(200);
      if (Date.now() - t0 > NOTIFY_WITHIN_MS)
        throw new Error(`instance still accepts the session after ${NOTIFY_WITHIN_MS} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('a logout on one instance is refused by the other that had the session in memory', async () => {
    const me = await login(a);
    // Served twice by b: the second from b's memory.
    expect(await listCode(b, me)).toBe(200);
    expect(await listCode(b, me)).toBe(200);
    expect((await api(a.url, { url: '/api/login/exit', body: {}, session: me })).code).toBe(200);
    // a forgets its own at once; b on the notification.
    expect(await listCode(a, me)).toBe(NOT_LOGGED_IN);
    expect(await refusedWithin(b, me)).toBeLessThan(NOTIFY_WITHIN_MS);
  });

  it('a change made straight in SQL (a deactivation) is refused by both instances', async () => {
    const me = await login(a);
    expect(await listCode(a, me)).toBe(200);
    expect(await listCode(b, me)).toBe(200);
    await pg.query(`update members set status = 'deactivated' where id = $1`, [me.memberId]);
    expect(await refusedWithin(a, me)).toBeLessThan(NOTIFY_WITHIN_MS);
    expect(await refusedWithin(b, me)).toBeLessThan(NOTIFY_WITHIN_MS);
  });

  it('serves nothing from memory while the listening connection is lost, and caches again once it listens anew', async () => {
    const me = await login(a);
    expect(await listCode(b, me)).toBe(200);
    const listeners = async () =>
      (
        await pg.query<{ pid: number }>(
          `select pid from pg_stat_activity where datname = current_database() and application_name = 'portal-listen'`,
        )
      ).rows.map((r) => r.pid);
    expect((await listeners()).length).toBe(2);
    await pg.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'portal-listen'`,
    );
    // The instances notice the closed connection; a notification sent now reaches nobody.
    await new Promise((r) => setTimeout(r, 200));
    await pg.query(`update sessions set ended_at = now(), end_reason = 'test' where member_id = $1`, [me.memberId]);
    expect(await listCode(b, me)).toBe(NOT_LOGGED_IN);
    expect(await listCode(a, me)).toBe(NOT_LOGGED_IN);
    // Both listen again within a few seconds, and a later end is again followed.
    const deadline = Date.now() + 10_000;
    while ((await listeners()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await listeners()).length).toBe(2);
    const again = await login(a);
    expect(await listCode(b, again)).toBe(200);
    await pg.query(`update sessions set ended_at = now(), end_reason = 'test' where member_id = $1`, [again.memberId]);
    expect(await refusedWithin(b, again)).toBeLessThan(NOTIFY_WITHIN_MS);
  });
});

if (!pgBase) describe('member sessions shared by two instances', () => it.skip(NEEDS_POSTGRES, () => {}));
