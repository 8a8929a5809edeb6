import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { orderDetails, orders, refunds, sessions } from '../../db/schema.ts';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { createdOrder, useAppWithMembers } from '../../../test/member-apps.ts';
import { memberPhoto, person } from './test-kit.ts';
import { fingerprinted, fingerprintedJson } from './list-cache.ts';
import { memberOrderListFingerprint, memberOrderListFreshness } from './reads.ts';

let app: FastifyInstance;
let me: Session;

interface ListItem {
  id: number;
  state: number;
  names: string[];
  personCount: number;
  refundStatus: number | null;
  stateDesc: string;
}
const list = async (lang?: string) =>
  (await call<ListItem[]>(app, { url: '/api/order/findOrderList?type=1', session: me, headers: lang ? { lang } : {} }))
    .data;

useAppWithMembers((t) => ({ app, me } = t), {
  orders: true,
  consent: true,
  profiles: [{ name: '张三', isFirst: false }],
});

const newOrder = async () => createdOrder(app, me, person(await memberPhoto(app, me.memberId)));

describe('the member order list cache', () => {
  it('shows every committed change, whichever code path wrote it', async () => {
    const id = await newOrder();
    expect((await list()).find((o) => o.id === id)).toMatchObject({ state: 110, names: ['张三'], refundStatus: null });

    // Writes that bypass the order service (staff tools, scripts, another instance) still show at once.
    await app.ctx.db.update(orders).set({ state: 120 }).where(eq(orders.id, id));
    expect((await list()).find((o) => o.id === id)?.state).toBe(120);

    await app.ctx.db.update(orderDetails).set({ name: '李四' }).where(eq(orderDetails.orderId, id));
    expect((await list()).find((o) => o.id === id)?.names).toEqual(['李四']);

    await app.ctx.db.insert(orderDetails).values({ orderId: id, name: '王五' });
    expect((await list()).find((o) => o.id === id)).toMatchObject({ names: ['李四', '王五'], personCount: 2 });

    await app.ctx.db.delete(orderDetails).where(eq(orderDetails.name, '王五'));
    expect((await list()).find((o) => o.id === id)?.personCount).toBe(1);

    const [r] = await app.ctx.db
      .insert(refunds)
      .values({ refundNo: `R${id}`, orderId: id, amountFen: 4500, status: 1 })
      .returning();
    expect((await list()).find((o) => o.id === id)?.refundStatus).toBe(1);
    await app.ctx.db.update(refunds).set({ status: 2 }).where(eq(refunds.id, r.id));
    expect((await list()).find((o) => o.id === id)?.refundStatus).toBe(2);

    const second = await newOrder();
    expect((await list()).map((o) => o.id)).toContain(second);
    await app.ctx.db.delete(orderDetails).where(eq(orderDetails.orderId, second));
    await app.ctx.db.delete(orders).where(eq(orders.id, second));
    expect((await list()).map((o) => o.id)).not.toContain(second);
  });

  it('keeps each language apart', async () => {
    const id = await newOrder();
    expect((await list('zh')).find((o) => o.id === id)?.stateDesc).toBe('待支付');
    expect((await list('en')).find((o) => o.id === id)?.stateDesc).not.toBe('待支付');
    expect((await list('zh')).find((o) => o.id === id)?.stateDesc).toBe('待支付');
  });

  it('changes the fingerprint with every write under the list and with nothing else', async () => {
    const before = await memberOrderListFingerprint(app.ctx.memberReads, me.memberId, 'individual');
    expect(await memberOrderListFingerprint(app.ctx.memberReads, me.memberId, 'individual')).toBe(before);
    // An update that writes the same values is still a new row version: the list is rebuilt, never stale.
    await app.ctx.db.execute(
      sql`update order_details set name = name where order_id in (select id from orders where member_id = ${me.memberId})`,
    );
    expect(await memberOrderListFingerprint(app.ctx.memberReads, me.memberId, 'individual')).not.toBe(before);
    // Another member's or another kind's orders do not touch this list.
    const other = await memberOrderListFingerprint(app.ctx.memberReads, me.memberId, 'individual');
    const stranger = await memberSession(app, undefined, { isFirst: false });
    await app.ctx.db
      .insert(orders)
      .values({ orderNo: `X${stranger.memberId}`, memberId: stranger.memberId, kind: 'individual', type: 1 });
    await app.ctx.db
      .insert(orders)
      .values({ orderNo: `Y${me.memberId}`, memberId: me.memberId, kind: 'reprint', type: 2 });
    expect(await memberOrderListFingerprint(app.ctx.memberReads, me.memberId, 'individual')).toBe(other);
  });
});

describe('the list freshness read', () => {
  it.each([false, true])(
    'skips the fingerprint while the snapshot is unchanged, computes it after any write anywhere (embedded: %s)',
    async (embedded) => {
      const [s] = await app.ctx.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.memberId, me.memberId));
      const q = { memberId: me.memberId, sessionId: s!.id, kind: 'individual' as const };
      const read = (since: string) => memberOrderListFreshness(app.ctx.memberReads, { ...q, since }, { embedded });
      const first = await read('');
      expect(first.fingerprint).toBe(await memberOrderListFingerprint(app.ctx.memberReads, me.memberId, 'individual'));
      expect(first.sessionLive).toBe(true);
      const same = await read(first.snapshot);
      expect([same.snapshot, same.fingerprint]).toEqual([first.snapshot, null]);
      // Any transaction that took an id (any write, here none of this list's) changes the snapshot:
      // the fingerprint is computed again, and is the same.
      await app.ctx.db.execute(sql`select txid_current()`);
      const after = await read(first.snapshot);
      expect(after.snapshot).not.toBe(first.snapshot);
      expect(after.fingerprint).toBe(first.fingerprint);
    },
  );
});

describe('fingerprinted', () => {
  it('builds once per fingerprint, again when it changes, and keeps a failed build out', async () => {
    const db = { orderLists: new Map() };
    let fp = 'a';
    const build = vi.fn(async () => ({ at: fp }));
    expect(await fingerprinted(db, 'k', async () => fp, build)).toEqual({ at: 'a' });
    expect(await fingerprinted(db, 'k', async () => fp, build)).toEqual({ at: 'a' });
    expect(build).toHaveBeenCalledTimes(1);
    fp = 'b';
    expect(await fingerprinted(db, 'k', async () => fp, build)).toEqual({ at: 'b' });
    expect(build).toHaveBeenCalledTimes(2);
    await expect(
      fingerprinted(
        db,
        'k2',
        async () => fp,
        async () => Promise.reject(new Error('down')),
      ),
    ).rejects.toThrow('down');
    const again = vi.fn(async () => 1);
    expect(await fingerprinted(db, 'k2', async () => fp, again)).toBe(1);
    expect(again).toHaveBeenCalledTimes(1);
  });
});

describe('fingerprintedJson', () => {
  it('serializes once per fingerprint and language key, and again when the fingerprint changes', async () => {
    const db = { orderLists: new Map() };
    let fp = 'a';
    const serialize = vi.fn((v: { at: string }) => JSON.stringify(v));
    const read = (key: string) =>
      fingerprintedJson(
        db,
        key,
        async () => fp,
        async () => ({ at: fp }),
        serialize,
      );
    expect(await read('1:individual:zh')).toBe('{"at":"a"}');
    expect(await read('1:individual:zh')).toBe('{"at":"a"}');
    expect(serialize).toHaveBeenCalledTimes(1);
    expect(await read('1:individual:en')).toBe('{"at":"a"}');
    expect(serialize).toHaveBeenCalledTimes(2);
    fp = 'b';
    expect(await read('1:individual:zh')).toBe('{"at":"b"}');
    expect(serialize).toHaveBeenCalledTimes(3);
  });
});
