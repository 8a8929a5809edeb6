import type { FastifyInstance } from 'fastify';
import { orderDetails, orders } from '../src/db/schema.ts';

type OrderRow = typeof orders.$inferInsert;
type DetailRow = Omit<typeof orderDetails.$inferInsert, 'orderId'>;

let seq = 0;

/**
 * An order written straight into the tables, as another area's flow would leave it (the order
 * wizard is not under test): an individual order of 30 yuan unless told, and its first person
 * when `detail` is given.
 */
export async function insertOrder(
  app: FastifyInstance,
  values: Partial<OrderRow> & Pick<OrderRow, 'memberId' | 'state'>,
  detail?: DetailRow,
) {
  const [row] = await app.ctx.db
    .insert(orders)
    .values({ orderNo: `T${Date.now()}${++seq}`, kind: 'individual', type: 1, totalFen: 3000, ...values })
    .returning();
  if (detail) await app.ctx.db.insert(orderDetails).values({ orderId: row!.id, ...detail });
  return row!;
}
