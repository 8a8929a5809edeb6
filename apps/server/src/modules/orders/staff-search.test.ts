import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { OrderRow } from '@portal/contract/console';
import { orderDetails, orders, schools } from '../../db/schema.ts';
import { staffCall, staffSession, testApp } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';

/** The console's search by mobile: the receiver's, the member's or a person's number finds the order. */

let app: FastifyInstance;
let admin: { token: string };
const search = async (query: string, token = admin.token) =>
  (await staffCall<{ rows: OrderRow[]; total: number }>(app, token, `/api/console/orders?${query}&size=50`)).data;
const found = (mobile: string, token = admin.token) => search(`mobile=${mobile}`, token);

beforeAll(async () => {
  app = await testApp();
  admin = await staffSession(app, 'admin');
});
afterAll(async () => app.close());

describe("the console's search by mobile", () => {
  it("finds an order by the member's, the receiver's or a person's number, each once, and nothing else", async () => {
    // The member 13800004701 orders; the parcel goes to 13800004702; the person's own number is 13800004703.
    const o = await createDevOrder(app.ctx, { mobile: '13800004701', kind: 'individual', persons: 1 });
    await app.ctx.db.update(orders).set({ shippingReceiveMobile: '13800004702' }).where(eq(orders.id, o.id));
    await app.ctx.db.update(orderDetails).set({ mobile: '13800004703' }).where(eq(orderDetails.orderId, o.id));
    const other = await createDevOrder(app.ctx, { mobile: '13800004709', kind: 'individual', persons: 1 });
    for (const mobile of ['13800004701', '13800004702', '13800004703']) {
      const r = await found(mobile);
      expect(r.rows.map((x) => x.orderNo)).toEqual([o.orderNo]);
      expect(r.total).toBe(1);
    }
    expect((await found('13800004704')).rows).toEqual([]);
    expect((await found('13800004709')).rows.map((x) => x.orderNo)).toEqual([other.orderNo]);
    // A branch account still sees only its own branch's orders.
    const branch = await staffSession(app, 'branch', 'SH');
    expect((await found('13800004701', branch.token)).rows).toEqual([]);
  });
});

describe("the console's search by school", () => {
  it('finds the orders of a school by its code or a part of its name, and no other school', async () => {
    await app.ctx.db
      .insert(schools)
      .values([
        { yxdm: '10001', name: '北京大学', searchName: '北京大学' },
        { yxdm: '10003', name: '清华大学', searchName: '清华大学' },
        { yxdm: '10055', name: '南开大学', searchName: '南开大学' },
      ])
      .onConflictDoNothing();
    const pku = await createDevOrder(app.ctx, { mobile: '13800004801', kind: 'individual', persons: 1 });
    const thu = await createDevOrder(app.ctx, { mobile: '13800004802', kind: 'individual', persons: 1 });
    await app.ctx.db
      .update(orderDetails)
      .set({ yxdm: '10003', schoolName: '清华大学' })
      .where(eq(orderDetails.orderId, thu.id));
    const nos = async (school: string) =>
      (await search(`school=${encodeURIComponent(school)}`)).rows
        .map((r) => r.orderNo)
        .filter((n) => [pku.orderNo, thu.orderNo].includes(n));
    expect(await nos('北京')).toEqual([pku.orderNo]);
    expect(await nos('10003')).toEqual([thu.orderNo]);
    expect((await nos('大学')).sort()).toEqual([pku.orderNo, thu.orderNo].sort());
    expect(await nos('南开')).toEqual([]);
    // No school by that name or code: no order at all, and the count says so.
    const none = await search(`school=${encodeURIComponent('没有这所学校')}`);
    expect(none.total).toBe(0);
    expect(none.rows).toEqual([]);
  });
});
