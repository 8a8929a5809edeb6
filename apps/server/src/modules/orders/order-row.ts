import type { orders } from '../../db/schema.ts';

/**
 * An order's row as read. In a file of its own so that transition.ts, which moves an order, and
 * repo.ts, whose removal of an unpaid order moves it through transition(), import no circle.
 */
export type OrderRow = typeof orders.$inferSelect;
