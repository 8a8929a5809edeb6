/**
 * Order rules the server and the portal both read (see ARCHITECTURE.md, "Where each rule lives").
 * The states themselves and their transitions are in order-states.ts.
 */

/** Task (centralised) order numbers begin with six zeros; individual and reprint numbers never do. */
export const TASK_ORDER_NO_PREFIX = '000000';

/** The photo-download call's type: 1 for a task order number, else 2 (document 2, section 7). */
export function isTaskOrderNo(orderNo: string): boolean {
  return orderNo.startsWith(TASK_ORDER_NO_PREFIX);
}

/**
 * Whether an order's photo may be downloaded: the order's own flag or its first person's
 * (document 2, section 2). 1 allowed, 0 not.
 */
export function orderPicAllowState(orderFlag: number, firstPersonFlag: number | null | undefined): 0 | 1 {
  return orderFlag === 1 || firstPersonFlag === 1 ? 1 : 0;
}
