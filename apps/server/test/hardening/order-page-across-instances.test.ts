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
 * The kept order page (modules/orders/list-cache.ts orderPageJson) against two server processes on
 * one PostgreSQL database: a write through one instance, or in SQL, is on the other's next read.
 */

const pgBase = await reachablePostgres();
const freshMobile = mobileSequence('1358');

interface Page {
  order: { id: number; state: number; consignee: string | null };
  orderDetails: { name: string }[];
}

describe.skipIf(!pgBase)('the order page kept by two instances on one PostgreSQL database', () => {
  let a: ChildServer;
  let b: ChildServer;
  let pg: TwoInstances['pg'];
  useTwoInstances(pgBase, 'orderpage', (two) => ({ a, b, pg } = two));

  const page = (s: ChildServer, session: MemberSession, id: number, lang = 'zh') =>
    api<Page>(s.url, { url: `/api/order/findOrderAndOrderDetails?id=${id}`, session, headers: { lang } });

  it("shows another instance's writes on the next read of the page, in each language", async () => {
    const mobile = freshMobile();
    const session = await devLogin(a, mobile);
    const { id } = await apiData<{ id: number }>(a.url, {
      url: '/api/dev/order',
      body: { mobile, kind: 'individual', persons: 2 },
    });
    // b reads the page twice in each language: the second answer is b's kept text.
    for (const lang of ['zh', 'en']) {
      const first = await page(b, session, id, lang);
      expect(first.code).toBe(200);
      expect((await page(b, session, id, lang)).data).toEqual(first.data);
    }

    await pg.query(`update orders set state = 120 where id = $1`, [id]);
    await pg.query(
      `update order_details set name = '改名' where id = (select min(id) from order_details where order_id = $1)`,
      [id],
    );
    for (const lang of ['zh', 'en']) {
      const after = await page(b, session, id, lang);
      expect(after.data.order.state).toBe(120);
      expect(after.data.orderDetails.map((d) => d.name)).toContain('改名');
    }

    // Logged out through a: b refuses the kept page on its next read.
    expect((await api(a.url, { url: '/api/login/exit', body: {}, session })).code).toBe(200);
    expect((await page(b, session, id)).code).toBe(CODE.NOT_LOGGED_IN);
  });
});

if (!pgBase) describe('the order page kept by two instances', () => it.skip(NEEDS_POSTGRES, () => {}));
