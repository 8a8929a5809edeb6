import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import { noticeDeliveries } from '../../db/schema.ts';
import { outbox } from '../../providers/outbox.ts';
import { insertOrder } from '../../../test/order-rows.ts';
import { staffCall, staffSession } from '../../../test/helpers.ts';

/** China 10:00 and 22:00 of a fixed day (UTC+8), a Wednesday after any row's own time, for the sender's controlled clock. */
export const MORNING = new Date('2027-01-13T02:00:00Z');
export const NIGHT = new Date('2027-01-13T14:00:00Z');

/** An order waiting for review with one person, as the order wizard leaves it. */
export async function orderInReview(app: FastifyInstance, memberId: number, name = '李华') {
  return insertOrder(
    app,
    { memberId, state: ORDER_STATE.PENDING_REVIEW, payTime: new Date(), shippingTypeName: '顺丰速运' },
    { name, fy: 'BJ', schoolName: '北京大学', yxdm: '10001' },
  );
}

/** A reviewer refuses the order in the console with this reason. */
export async function refuseInConsole(app: FastifyInstance, orderId: number, reason: string) {
  const reviewer = await staffSession(app, 'reviewer');
  const r = await staffCall(app, reviewer.token, '/api/console/orders/transition', {
    ids: [orderId],
    action: 'reject',
    reason,
  });
  if (r.code !== 200) throw new Error(`refusal failed: ${r.code} ${r.msg}`);
}

/** What the sandbox SMS "sent" to a number, newest first. */
export const smsTo = (app: FastifyInstance, mobile: string) =>
  app.ctx.db.select().from(outbox).where(eq(outbox.to, mobile)).orderBy(desc(outbox.id));

export const deliveriesOf = (app: FastifyInstance, memberId: number) =>
  app.ctx.db
    .select()
    .from(noticeDeliveries)
    .where(eq(noticeDeliveries.memberId, memberId))
    .orderBy(noticeDeliveries.id);
