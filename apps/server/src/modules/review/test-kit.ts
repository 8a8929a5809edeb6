import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ORDER_STATE } from '@portal/contract/order-states';
import { orderDetails, orders, photos, staffSessions, staffUsers } from '../../db/schema.ts';

let seq = 0;

/** A reviewer of their own (the dev hook gives one shared account per role): a token and the account. */
export async function reviewerSession(
  app: FastifyInstance,
  name: string,
  role: 'reviewer' | 'branch' = 'reviewer',
  branch: string | null = null,
) {
  const [s] = await app.ctx.db
    .insert(staffUsers)
    .values({ username: `rv-${process.pid}-${++seq}-${Date.now()}`, name, passwordHash: '!', role, branch })
    .returning();
  const token = randomBytes(32).toString('hex');
  await app.ctx.db
    .insert(staffSessions)
    .values({ staffId: s.id, tokenHash: createHash('sha256').update(token).digest('hex') });
  return { token, staffId: s.id };
}

/** A photo row (no bytes needed: the review reads rows, the console's URLs are only signed). */
export async function photoRow(app: FastifyInstance, memberId: number): Promise<number> {
  const [p] = await app.ctx.db
    .insert(photos)
    .values({
      memberId,
      storageKey: `review-test/${process.pid}-${++seq}-${Date.now()}.jpg`,
      sha256: String(seq),
      bytes: 30_000,
      width: 480,
      height: 640,
      passed: true,
      checkResult: {},
    })
    .returning({ id: photos.id });
  return p.id;
}

/** A paid order waiting for review with one line per name, each with its own photo; paid `minutesAgo`. */
export async function waitingOrder(
  app: FastifyInstance,
  memberId: number,
  names: string[],
  o: { minutesAgo?: number; fy?: string; state?: number; kind?: 'individual' | 'task' | 'reprint' } = {},
) {
  const [row] = await app.ctx.db
    .insert(orders)
    .values({
      orderNo: `RV${Date.now()}${++seq}`,
      memberId,
      kind: o.kind ?? 'individual',
      type: 1,
      totalFen: 3000 * names.length,
      state: o.state ?? ORDER_STATE.PAID,
      payTime: new Date(Date.now() - (o.minutesAgo ?? 0) * 60_000),
    })
    .returning();
  const lines = [];
  for (const name of names) {
    const photoId = await photoRow(app, memberId);
    const [d] = await app.ctx.db
      .insert(orderDetails)
      .values({ orderId: row.id, name, fy: o.fy ?? 'BJ', schoolName: '北京大学', yxdm: '10001', photoId })
      .returning({ id: orderDetails.id, photoId: orderDetails.photoId });
    lines.push({ id: d.id, photoId: d.photoId! });
  }
  return { id: row.id, orderNo: row.orderNo, lines };
}
