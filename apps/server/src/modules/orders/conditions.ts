import { eq, ne } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import { orderDetails, orders } from '../../db/schema.ts';

/**
 * Conditions on the orders table that several areas' reads share, written once here because
 * orders owns the table (see ARCHITECTURE.md, "Where each rule lives").
 */

/** The join of an order line to its order. */
export const lineToOrder = eq(orders.id, orderDetails.orderId);

/** An order that still counts: every state but closed (150); a closed order's lines and photos count for nothing. */
export const liveOrder = ne(orders.state, ORDER_STATE.CLOSED);
