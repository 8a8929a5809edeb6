import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { CLOSING_EVENTS, nextState, type OrderEvent, type OrderState } from '@portal/contract/order-states';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../staff/public.ts';
import { conflict } from '../../http/errors.ts';
import type { OrderRow } from './order-row.ts';

/** Who moved an order, as the audit row records it. */
export type OrderActor = AuditActor;

export interface TransitionDetails {
  /** pay: how it was paid (1 WeChat, 2 Alipay). */
  payType?: number;
  /** reject, resetPhoto: the reason the member reads. */
  refuseReason?: string;
  /** ship: the waybill and, when given, the carrier's name. */
  shippingOrderNo?: string;
  shippingTypeName?: string | null;
  /** More the audit row records before and after (photos reviewed, the carrier's waybill, ...). */
  auditBefore?: Record<string, unknown>;
  auditAfter?: Record<string, unknown>;
}

/** Whether the contract's state rules let this event move the order now. */
export function mayTransition(order: Pick<OrderRow, 'kind' | 'state'>, event: OrderEvent): boolean {
  return nextState(order, event) !== null;
}

/**
 * The one writer of an order's state (see ARCHITECTURE.md, "Where each rule lives"): moves the
 * order by an event the contract's rules permit from its current state, writes the times the
 * event sets (paid, closed) and the audit row `order.<event>`, all in the caller's transaction.
 * The caller has locked the row (select ... for update); an order whose state changed meanwhile,
 * or an event its state does not permit, is refused with 409 and nothing is written.
 */
export async function transition(
  tx: DbOrTx,
  order: OrderRow,
  event: OrderEvent,
  actor: OrderActor,
  details: TransitionDetails = {},
): Promise<OrderState> {
  const to = nextState(order, event);
  if (to === null) throw conflict('console.stateChanged');
  const set: PgUpdateSetSource<typeof orders> = { state: to };
  if (event === 'pay') Object.assign(set, { payTime: sql`now()`, payType: details.payType ?? order.payType });
  if (CLOSING_EVENTS.includes(event)) set.closedAt = sql`now()`;
  if (event === 'reject' || event === 'resetPhoto') set.refuseReason = details.refuseReason ?? null;
  if (event === 'approve' || event === 'resubmit') set.refuseReason = null;
  if (event === 'ship' && details.shippingOrderNo) {
    set.shippingOrderNo = details.shippingOrderNo;
    if (details.shippingTypeName) set.shippingTypeName = details.shippingTypeName;
  }
  const moved = await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, order.id), eq(orders.state, order.state)))
    .returning({ id: orders.id });
  if (!moved.length) throw conflict('console.stateChanged');
  await recordAudit(tx, actor, {
    action: `order.${event}`,
    targetKind: 'order',
    targetId: order.id,
    before: { state: order.state, ...details.auditBefore },
    after: { state: to, ...details.auditAfter },
  });
  return to;
}

/**
 * Demo hook only (journeys set a centralised order's state as the console would): the one
 * write of a state outside the rules, kept here so no other module writes orders.state.
 */
export async function forceStateForDemo(
  db: DbOrTx,
  order: OrderRow,
  state: number,
  refuseReason: string | null,
  paidNow: boolean,
): Promise<void> {
  await db
    .update(orders)
    .set({ state, refuseReason, ...(paidNow ? { payTime: new Date() } : {}) })
    .where(eq(orders.id, order.id));
}
