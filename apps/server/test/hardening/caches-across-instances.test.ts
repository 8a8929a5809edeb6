import { describe, expect, it } from 'vitest';
import { CODE } from '@portal/contract/envelope';
import {
  ChildServer,
  NEEDS_POSTGRES,
  api,
  apiData,
  devLogin,
  mobileSequence,
  reachablePostgres,
  useTwoInstances,
  type MemberSession,
  type TwoInstances,
} from './child-server.ts';

/**
 * The per-instance caches of a member's reads (the order list and the order page as serialized
 * answers, modules/orders/list-cache.ts; the session, http/session-cache.ts) against two server processes
 * on one PostgreSQL database: a write through one instance is seen by the other on its next read.
 */

const pgBase = await reachablePostgres();
const freshMobile = mobileSequence('1359');

interface ListItem {
  id: number;
  state: number;
  personCount: number;
  stateDesc: string;
}

interface Page {
  order: { id: number; state: number };
  orderDetails: { name: string }[];
}

describe.skipIf(!pgBase)('member caches shared by two instances on one PostgreSQL database', () => {
  let a: ChildServer;
  let b: ChildServer;
  let pg: TwoInstances['pg'];
  useTwoInstances(pgBase, 'caches', (two) => ({ a, b, pg } = two));

  const login = async (s: ChildServer) => {
    const mobile = freshMobile();
    return { mobile, session: await devLogin(s, mobile) };
  };
  const newOrder = (s: ChildServer, mobile: string) =>
    apiData<{ id: number }>(s.url, { url: '/api/dev/order', body: { mobile, kind: 'individual', persons: 2 } });
  const list = async (s: ChildServer, session: MemberSession, lang = 'zh') => {
    const r = await api<ListItem[]>(s.url, { url: '/api/order/findOrderList?type=1', session, headers: { lang } });
    expect(r.code).toBe(200);
    return r.data;
  };

  it("shows another instance's order writes on the next list read, from the serialized cache too", async () => {
    const { mobile, session } = await login(a);
    const first = await newOrder(a, mobile);
    // b reads the list twice in each language: the second answer is b's cached JSON text.
    for (const lang of ['zh', 'en']) {
      expect((await list(b, session, lang)).map((o) => o.id)).toEqual([first.id]);
      expect((await list(b, session, lang)).map((o) => o.id)).toEqual([first.id]);
    }

    // A new order through a: b's very next read has it, in both languages.
    const second = await newOrder(a, mobile);
    expect((await list(b, session, 'zh')).map((o) => o.id).sort()).toEqual([first.id, second.id].sort());
    expect((await list(b, session, 'en')).map((o) => o.id).sort()).toEqual([first.id, second.id].sort());

    // A member's delete through a's API: gone from b's next read.
    expect((await api(a.url, { url: `/api/order/deleteOrder?id=${first.id}`, session })).code).toBe(200);
    expect((await list(b, session)).map((o) => o.id)).toEqual([second.id]);

    // A state change made in SQL (a console action, a payment callback on a third instance).
    await pg.query(`update orders set state = 120 where id = $1`, [second.id]);
    expect((await list(b, session)).find((o) => o.id === second.id)?.state).toBe(120);
    expect((await list(b, session, 'en')).find((o) => o.id === second.id)?.state).toBe(120);
  });

  it("shows another instance's writes on the next read of the order page, in each language", async () => {
    const { mobile, session } = await login(a);
    const { id } = await newOrder(a, mobile);
    const page = (s: ChildServer, lang: string) =>
      api<Page>(s.url, { url: `/api/order/findOrderAndOrderDetails?id=${id}`, session, headers: { lang } });
    // b reads the page twice in each language: the second answer is b's kept text.
    for (const lang of ['zh', 'en']) {
      const first = await page(b, lang);
      expect(first.code).toBe(200);
      expect((await page(b, lang)).data).toEqual(first.data);
    }
    await pg.query(`update orders set state = 120 where id = $1`, [id]);
    await pg.query(
      `update order_details set name = '改名' where id = (select min(id) from order_details where order_id = $1)`,
      [id],
    );
    for (const lang of ['zh', 'en']) {
      const after = await page(b, lang);
      expect(after.data.order.state).toBe(120);
      expect(after.data.orderDetails.map((d) => d.name)).toContain('改名');
    }
    // Logged out through a: b refuses the kept page on its next read.
    expect((await api(a.url, { url: '/api/login/exit', body: {}, session })).code).toBe(200);
    expect((await page(b, 'zh')).code).toBe(CODE.NOT_LOGGED_IN);
  });

  /**
   * Holds the notifications back while fn runs: the database backends of both instances'
   * listening connections are stopped (SIGSTOP, when the database runs on this machine), so
   * the instances serve from memory as they would in the milliseconds before a notification
   * arrives. Without access to those processes fn runs as is.
   */
  async function withNotificationsHeld(fn: () => Promise<void>) {
    const { rows } = await pg.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = 'portal-listen'`,
    );
    const held: number[] = [];
    for (const { pid } of rows) {
      try {
        process.kill(pid, 'SIGSTOP');
        held.push(pid);
      } catch {
        // another machine's process, or not ours to signal
      }
    }
    try {
      await fn();
    } finally {
      for (const pid of held) process.kill(pid, 'SIGCONT');
    }
  }

  it('refuses a session on the next list read once another instance ended it', async () => {
    const { session } = await login(a);
    // Served twice by b: the second with the session from b's memory.
    expect((await list(b, session)).length).toBe(0);
    expect((await list(b, session)).length).toBe(0);
    await withNotificationsHeld(async () => {
      expect((await api(a.url, { url: '/api/login/exit', body: {}, session })).code).toBe(200);
      // b has not heard of it: its very next read is refused all the same.
      expect((await api(b.url, { url: '/api/order/findOrderList?type=1', session })).code).toBe(CODE.NOT_LOGGED_IN);
    });
  });

  it('refuses a member deactivated in SQL on the next list read, on both instances', async () => {
    const { session } = await login(a);
    expect((await list(a, session)).length).toBe(0);
    expect((await list(b, session)).length).toBe(0);
    await withNotificationsHeld(async () => {
      await pg.query(`update members set status = 'deactivated' where id = $1`, [session.memberId]);
      for (const s of [a, b])
        expect((await api(s.url, { url: '/api/order/findOrderList?type=1', session })).code).toBe(CODE.NOT_LOGGED_IN);
    });
  });
});

if (!pgBase) describe('member caches shared by two instances', () => it.skip(NEEDS_POSTGRES, () => {}));
