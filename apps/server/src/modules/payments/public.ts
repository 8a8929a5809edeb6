/**
 * What the payments area offers the other areas (ARCHITECTURE.md, "Layers"): a zero amount paid
 * the one way (zero.ts), closing an order's open payments, an order's paid payment and live
 * refund, a refund run and its lock, trade numbers, and the log that says nothing.
 */
export { settleZeroAmount } from './zero.ts';
export { closeOpenPayments } from './service.ts';
export { latestPaidPayment, liveRefund, lockRefund, newTradeNo } from './repo.ts';
export { executeRefund } from './refund-run.ts';
export { quietLog } from './quiet-log.ts';
