import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { transition, type OrderActor } from '../orders/public.ts';
import { newTradeNo, type OrderRow } from './repo.ts';

/**
 * A zero amount counts as paid (document 2, sections 4 and 7), the one way everywhere (the
 * member's pay call, a free centralised order): a `zero` payment row, already paid, and the
 * order's pay transition with its `order.pay` audit row, in the caller's transaction. The
 * caller has locked the order (or just created it) and counts the outcome once committed.
 * `payType` is the channel the member chose, or 0 when nobody chose one.
 */
export async function settleZeroAmount(tx: DbOrTx, order: OrderRow, payType: number, actor: OrderActor): Promise<void> {
  await tx.insert(payments).values({
    paymentNo: newTradeNo('P'),
    orderId: order.id,
    provider: 'zero',
    payType,
    amountFen: 0,
    state: 'paid',
    paidAt: sql`now()`,
    expiresAt: sql`now()`,
  });
  await transition(tx, order, 'pay', actor, payType ? { payType } : {});
}
