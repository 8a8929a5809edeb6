import type { OrderKind } from '@portal/contract/order-states';
import type { DbOrTx } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { orderById, type OrderRow } from './repo.ts';

/** Every order kind, for calls that serve any of the member's orders. */
export const ANY_KIND: readonly OrderKind[] = ['individual', 'reprint', 'task'];

export interface OwnOptions {
  /** Lock the row for the caller's transaction, so a check and the write after it see the same state. */
  forUpdate?: boolean;
  /** Answer 404 for another member's order too (the pay calls never tell whether an order exists). */
  hideOthers?: boolean;
}

/**
 * The one ownership rule of member calls on an order: 404 when there is no order of these
 * kinds, 403 when it is another member's (404 with hideOthers). Use it on a row a read already fetched.
 */
export function ownOrder<O extends { kind: OrderKind; memberId: number | null }>(
  o: O | null | undefined,
  memberId: number,
  kinds: readonly OrderKind[],
  opts: Pick<OwnOptions, 'hideOthers'> = {},
): O {
  if (!o || !kinds.includes(o.kind)) throw notFound('order.notFound');
  if (o.memberId !== memberId) throw opts.hideOthers ? notFound('order.notFound') : forbidden('order.notYours');
  return o;
}

/** The logged-in member's order by id (404 / 403 as ownOrder says). */
export async function ownedOrder(
  db: DbOrTx,
  memberId: number,
  id: number,
  kinds: readonly OrderKind[],
  opts: OwnOptions = {},
): Promise<OrderRow> {
  return ownOrder(await orderById(db, id, opts.forUpdate), memberId, kinds, opts);
}
