import { canPay, canRefund, canViewLogistics, ORDER_STATE, type OrderKind } from '@portal/contract/order-states';
import type { PhoneOrder } from '../api.ts';

/** What the student can do with an order now, by the contract's rules (the server checks them too). */
export interface NextSteps {
  pay: boolean;
  fix: boolean;
  refund: boolean;
  track: boolean;
}

export function nextSteps(o: PhoneOrder): NextSteps {
  const facts = { ...o, kind: o.kind };
  return {
    pay: canPay(facts),
    // A refused photo is fixed on the phone for individual orders; the others on a computer.
    fix: o.state === ORDER_STATE.REJECTED,
    refund: canRefund(facts) && !o.refundStatus,
    track: canViewLogistics(facts),
  };
}

/** The sentence that says where an order stands and what comes next. */
export function hintKey(o: Pick<PhoneOrder, 'state' | 'kind'>): string {
  return `phone.hint.${o.state in HINTS ? o.state : 'other'}`;
}
const HINTS: Record<number, true> = {
  110: true,
  115: true,
  116: true,
  120: true,
  125: true,
  130: true,
  140: true,
  145: true,
  150: true,
};

export const KIND_KEY: Record<OrderKind, string> = {
  individual: 'phone.kind.individual',
  task: 'phone.kind.task',
  reprint: 'phone.kind.reprint',
};
