import crypto from 'node:crypto';
import { TASK_ORDER_NO_PREFIX } from '@portal/contract/order-rules';

export type OrderKind = 'individual' | 'reprint' | 'task';

function stamp(d = new Date()): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  // China Standard Time, as the order numbers students and staff read are.
  const cst = new Date(d.getTime() + 8 * 3600_000);
  return `${cst.getUTCFullYear()}${p(cst.getUTCMonth() + 1)}${p(cst.getUTCDate())}${p(cst.getUTCHours())}${p(cst.getUTCMinutes())}${p(cst.getUTCSeconds())}`;
}

/**
 * Order numbers: time stamp plus random digits. Task (centralised) numbers begin
 * with six zeros (the contract's isTaskOrderNo: the photo-download call's type 1, else 2).
 */
export function newOrderNo(kind: OrderKind): string {
  const rnd = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const base = `${stamp()}${rnd}`;
  return kind === 'task' ? `${TASK_ORDER_NO_PREFIX}${base}` : base;
}
