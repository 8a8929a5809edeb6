import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { auditLog, orderDetails, orders } from '../../src/db/schema.ts';
import { call, staffCall, memberSession, staffSession, testApp, type Session } from '../helpers.ts';
import { consent, memberPhoto, orderFixtures, person } from '../../src/modules/orders/test-kit.ts';
import { createdOrder } from '../member-apps.ts';
import { photoIdFromUrl } from '../../src/modules/photos/photo-service.ts';

/**
 * A member's modify of a paid order racing a staff review (issue 11). Both run at once,
 * many times; each pair must end in one consistent state: the modify first and the review
 * decides on the new photo, or the review first and (for an approval) the modify is refused
 * with the state message. Never an approved order whose photo the approval did not cover,
 * never a lost photo change. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const ITERATIONS = 30;
const STATE_NO_PHOTO = '当前订单状态不允许修改照片';

describe(`modify racing a staff review (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let app: FastifyInstance;
  let reviewer: string;

  beforeAll(async () => {
    app = await testApp();
    await orderFixtures(app);
    reviewer = (await staffSession(app, 'reviewer')).token;
  });
  afterAll(async () => app?.close());

  /** A member's paid order (115) of one person on photo `old`, and a second passed photo `next`. */
  async function paidOrder() {
    const s = await memberSession(app);
    await consent(app, s);
    const [oldUrl, nextUrl] = [await memberPhoto(app, s.memberId), await memberPhoto(app, s.memberId)];
    const orderId = await createdOrder(app, s, person(oldUrl));
    await app.ctx.db.update(orders).set({ state: 115, payTime: new Date(), payType: 1 }).where(eq(orders.id, orderId));
    const [line] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.orderId, orderId));
    const ids = {
      old: await photoIdFromUrl(app.ctx, s.memberId, oldUrl),
      next: await photoIdFromUrl(app.ctx, s.memberId, nextUrl),
    };
    expect(line.photoId).toBe(ids.old);
    return { s, orderId, lineId: line.id, nextUrl, ids };
  }

  const modify = (s: Session, lineId: number, picUrl: string) =>
    call(app, {
      method: 'POST',
      url: '/api/order/updatePerson',
      payload: { id: lineId, mobile: '13700007777', mail: 'new@example.com', picUrl },
      session: s,
    });
  const review = (orderId: number, action: 'approve' | 'reject', seenPhotoIds?: number[]) =>
    staffCall<{ changed: number }>(app, reviewer, '/api/console/orders/transition', {
      ids: [orderId],
      action,
      seenPhotoIds,
      ...(action === 'reject' ? { reason: '照片背景不合格' } : {}),
    });

  /** Starts the modify a few milliseconds later on some rounds, so both orders happen on PGlite too. */
  const later = <T>(i: number, fn: () => Promise<T>) =>
    i % 3 === 0 ? fn() : new Promise<T>((resolve, reject) => setTimeout(() => fn().then(resolve, reject), (i % 3) - 1));

  /** The photos the review decided on, as its audit entry records them. */
  async function reviewedPhotos(orderId: number, action: string): Promise<number[]> {
    const rows = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, `order.${action}`), eq(auditLog.targetId, String(orderId))));
    expect(rows).toHaveLength(1);
    return (rows[0].before as { photoIds?: number[] }).photoIds ?? [];
  }

  it(`approve racing a photo change, ${ITERATIONS} times: the approval covers the photo the order ends with`, async () => {
    const outcomes = { modifyFirst: 0, reviewFirst: 0 };
    for (let i = 0; i < ITERATIONS; i++) {
      const o = await paidOrder();
      const [m, r] = await Promise.all([
        later(i, () => modify(o.s, o.lineId, o.nextUrl)),
        review(o.orderId, 'approve'),
      ]);
      // Modify never moves the state, so the approval always finds 115.
      expect(r.code, r.msg).toBe(200);
      const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.orderId));
      const [line] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.id, o.lineId));
      expect(order.state).toBe(120);
      if (m.code === 200) {
        outcomes.modifyFirst++;
        expect(line.photoId).toBe(o.ids.next);
        expect(line.mobile).toBe('13700007777');
      } else {
        outcomes.reviewFirst++;
        expect(m.status).toBe(409);
        expect(m.msg).toBe(STATE_NO_PHOTO);
        expect(line.photoId).toBe(o.ids.old);
        expect(line.mobile).toBe('13800138000');
      }
      // Never an approved order with a photo the approval did not see.
      expect(await reviewedPhotos(o.orderId, 'approve')).toEqual([line.photoId]);
      // After the approval the member can no longer change the photo.
      const late = await modify(o.s, o.lineId, await memberPhoto(app, o.s.memberId));
      expect(late.msg).toBe(STATE_NO_PHOTO);
    }
    expect(outcomes.modifyFirst + outcomes.reviewFirst).toBe(ITERATIONS);
  }, 240_000);

  it(`approve from the queue (the photos it showed) racing a photo change, ${ITERATIONS} times: never approves an unseen photo`, async () => {
    const outcomes = { refused: 0, approved: 0 };
    for (let i = 0; i < ITERATIONS; i++) {
      const o = await paidOrder();
      const [m, r] = await Promise.all([
        later(i, () => modify(o.s, o.lineId, o.nextUrl)),
        review(o.orderId, 'approve', [o.ids.old]),
      ]);
      const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.orderId));
      const [line] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.id, o.lineId));
      if (r.code === 200) {
        // The approval came first, on the photo shown; the change was then refused.
        outcomes.approved++;
        expect([order.state, line.photoId, m.msg]).toEqual([120, o.ids.old, STATE_NO_PHOTO]);
      } else {
        // The change came first: the reviewer is told to look again, the order waits for review.
        outcomes.refused++;
        expect([r.status, r.msg]).toEqual([409, '学生已更换照片，请刷新后重新审核']);
        expect([m.code, order.state, line.photoId]).toEqual([200, 115, o.ids.next]);
      }
    }
    expect(outcomes.refused + outcomes.approved).toBe(ITERATIONS);
  }, 240_000);

  it(`reject racing a photo change, ${ITERATIONS} times: the change is never lost and the rejection records what it saw`, async () => {
    for (let i = 0; i < ITERATIONS; i++) {
      const o = await paidOrder();
      const [m, r] = await Promise.all([later(i, () => modify(o.s, o.lineId, o.nextUrl)), review(o.orderId, 'reject')]);
      // A rejected order may still be modified (canModify at 125): both succeed, in either order.
      expect(r.code, r.msg).toBe(200);
      expect(m.code, m.msg).toBe(200);
      const [order] = await app.ctx.db.select().from(orders).where(eq(orders.id, o.orderId));
      const [line] = await app.ctx.db.select().from(orderDetails).where(eq(orderDetails.id, o.lineId));
      expect(line.photoId).toBe(o.ids.next);
      const seen = await reviewedPhotos(o.orderId, 'reject');
      if (seen[0] === o.ids.old) {
        // The rejection came first: the change then sent the order back to review, reason cleared.
        expect([order.state, order.refuseReason]).toEqual([115, null]);
      } else {
        // The change came first: the rejection decided on the new photo and stands.
        expect(seen).toEqual([o.ids.next]);
        expect([order.state, order.refuseReason]).toEqual([125, '照片背景不合格']);
      }
    }
  }, 240_000);
});
