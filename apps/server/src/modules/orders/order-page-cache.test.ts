import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { CODE, responseSign } from '@portal/contract/envelope';
import { orderDetails, orders, photos, refunds, sessions } from '../../db/schema.ts';
import { call, memberSession, type Session } from '../../../test/helpers.ts';
import { createdOrder, useAppWithMembers } from '../../../test/member-apps.ts';
import { consent, memberPhoto, person } from './test-kit.ts';

/**
 * The order page (findOrderAndOrderDetails) is kept as JSON text like the list (list-cache.ts
 * orderPageJson): read and serialized once per change, never served after a change, never to
 * another member, never after the session ended, never with a photo link past its hour.
 */

let app: FastifyInstance;
let me: Session;
let other: Session;

useAppWithMembers(
  (t) =>
    ({
      app,
      members: [me, other],
    } = t),
  {
    orders: true,
    consent: true,
    profiles: [
      { name: '张三', isFirst: false },
      { name: '李四', isFirst: false },
    ],
  },
);

interface Page {
  order: { id: number; state: number; stateDesc: string; refundStatus: number | null; address: string | null };
  orderDetails: { name: string; picUrl: string | null }[];
}
const page = (id: number, who: Session = me, lang?: string) =>
  call<Page>(app, {
    url: `/api/order/findOrderAndOrderDetails?id=${id}`,
    session: who,
    headers: lang ? { lang } : {},
  });
const newOrder = async () => createdOrder(app, me, person(await memberPhoto(app, me.memberId)));

afterEach(() => vi.useRealTimers());

describe('the kept order page', () => {
  it('reads the order once while nothing changes, and the same answer comes back', async () => {
    const id = await newOrder();
    const reads = vi.spyOn(app.ctx.memberReads.orderWithLines, 'execute');
    const first = await page(id);
    expect(first.code).toBe(200);
    expect(first.data.order.state).toBe(110);
    expect(first.data.orderDetails.map((d) => d.name)).toEqual(['张三']);
    const second = await page(id);
    expect(second.data).toEqual(first.data);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
  });

  it('shows every committed change to the order, its lines, refunds and photos on the next read', async () => {
    const id = await newOrder();
    expect((await page(id)).data.order.state).toBe(110);

    // Writes that bypass the order service (staff tools, another instance) show at once.
    await app.ctx.db.update(orders).set({ state: 120 }).where(eq(orders.id, id));
    expect((await page(id)).data.order.state).toBe(120);
    expect((await page(id, me, 'en')).data.order.state).toBe(120);

    await app.ctx.db.update(orderDetails).set({ name: '王五' }).where(eq(orderDetails.orderId, id));
    expect((await page(id)).data.orderDetails.map((d) => d.name)).toEqual(['王五']);

    const [line] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, id));
    await app.ctx.db.update(photos).set({ storageKey: 'replaced-photo.jpg' }).where(eq(photos.id, line!.photoId!));
    expect((await page(id)).data.orderDetails[0]!.picUrl).toContain('/api/img/view/replaced-photo.jpg?');

    await app.ctx.db.insert(refunds).values({ refundNo: `R${id}`, orderId: id, amountFen: 4500, status: 1 });
    expect((await page(id)).data.order.refundStatus).toBe(1);
  });

  it("never answers another member with the owner's kept page", async () => {
    const id = await newOrder();
    expect((await page(id)).code).toBe(200);
    const theirs = await page(id, other);
    expect(theirs.code).not.toBe(200);
    expect(JSON.stringify(theirs)).not.toContain('张三');
  });

  it('answers a browser the page and the list gzipped, read as the plain answer; another member still nothing', async () => {
    const id = await newOrder();
    const browser = (who: Session, url: string) =>
      app.inject({
        url,
        headers: {
          authorization: `Bearer ${who.token}`,
          memberid: String(who.memberId),
          'accept-encoding': 'gzip, deflate, br',
        },
      });
    const secret = app.ctx.config.responseSecret;
    for (const url of [`/api/order/findOrderAndOrderDetails?id=${id}`, '/api/order/findOrderList?type=1']) {
      const plain = await call(app, { url, session: me });
      for (let i = 0; i < 2; i++) {
        const res = await browser(me, url);
        expect(res.headers['content-encoding'], url).toBe('gzip');
        expect(res.headers['vary'], url).toBe('accept-encoding');
        const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8'));
        expect(body.sign, url).toBe(responseSign(200, body.timestamp, secret));
        expect(body.data, url).toEqual(plain.data);
      }
    }
    const theirs = await browser(other, `/api/order/findOrderAndOrderDetails?id=${id}`);
    const text = theirs.headers['content-encoding'] ? gunzipSync(theirs.rawPayload).toString() : theirs.body;
    expect(JSON.parse(text).code).not.toBe(200);
    expect(text).not.toContain('张三');
  });

  it('refuses a kept page once the session has ended elsewhere', async () => {
    const leaving = await memberSession(app, undefined, { name: '赵六', isFirst: false });
    await consent(app, leaving);
    const id = await createdOrder(app, leaving, person(await memberPhoto(app, leaving.memberId)));
    expect((await page(id, leaving)).code).toBe(200);
    // Ended in the database only, as another instance's logout would: this instance's memory still has it.
    await app.ctx.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.memberId, leaving.memberId));
    expect((await page(id, leaving)).code).toBe(CODE.NOT_LOGGED_IN);
  });

  it('answers a member signed in on two devices on each (the session is not taken for the member)', async () => {
    // Sessions and members are numbered apart: with a second and third session, no session id is
    // its member's id (the statement once compared the session with the member's own id).
    const first = await memberSession(app, undefined, { name: '孙七', isFirst: false });
    const second = await memberSession(app, first.mobile);
    const third = await memberSession(app, first.mobile);
    await consent(app, first);
    const id = await createdOrder(app, first, person(await memberPhoto(app, first.memberId)));
    for (const who of [first, second, third]) {
      expect((await page(id, who)).code).toBe(200);
      expect((await page(id, who)).code).toBe(200);
      const list = await call<{ id: number }[]>(app, { url: '/api/order/findOrderList?type=1', session: who });
      expect(list.code).toBe(200);
      expect(list.data.map((o) => o.id)).toContain(id);
    }
  });

  it("signs the photo links afresh when the hour turns, not with the kept page's", async () => {
    const id = await newOrder();
    const now = Date.now();
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const before = (await page(id)).data.orderDetails[0]!.picUrl!;
    vi.setSystemTime(now + 3_600_000);
    // An hour on, the member has been active meanwhile (else the session would be idle past its limit).
    await app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now + 3_600_000) })
      .where(eq(sessions.memberId, me.memberId));
    const after = (await page(id)).data.orderDetails[0]!.picUrl!;
    const exp = (u: string) => Number(new URL(u, 'http://x').searchParams.get('exp'));
    expect(exp(after)).toBe(exp(before) + 3600);
  });
});
