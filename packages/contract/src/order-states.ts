import type { Text } from './i18n.ts';

/** Order states (document 2, section 4). */
export const ORDER_STATE = {
  PENDING_PAYMENT: 110,
  PAID: 115,
  PENDING_REVIEW: 116,
  TO_BE_MADE: 120,
  REJECTED: 125,
  IN_PRODUCTION: 130,
  SHIPPED: 140,
  COMPLETED: 145,
  CLOSED: 150,
} as const;
export type OrderState = (typeof ORDER_STATE)[keyof typeof ORDER_STATE];

export const ORDER_STATE_TEXT: Record<OrderState, Text> = {
  110: { zh: '待支付', en: 'Pending payment' },
  115: { zh: '已支付', en: 'Paid' },
  116: { zh: '待审核', en: 'Pending review' },
  120: { zh: '待制作', en: 'To be made' },
  125: { zh: '已驳回', en: 'Rejected' },
  130: { zh: '制作中', en: 'In production' },
  140: { zh: '已发货', en: 'Shipped' },
  145: { zh: '已完成', en: 'Completed' },
  150: { zh: '已关闭', en: 'Closed' },
};

/** Which list an order belongs to: individual (type 1), reprint (type 2), centralised (task). */
export type OrderKind = 'individual' | 'reprint' | 'task';

/** The fields the permitted-action rules read. */
export interface OrderFacts {
  kind: OrderKind;
  state: number;
  payTime?: string | null;
  picAllowState?: number | null;
  /** Centralised: a file (photo) is on record. */
  isFile?: number | null;
  /** Centralised: refund allowed flag. */
  isRefund?: number | null;
  /** Centralised: the task's end time (ISO). */
  endTime?: string | null;
  /** Centralised: when the current file was uploaded (ISO). */
  fileTime?: string | null;
  shippingOrderNo?: string | null;
}

const S = ORDER_STATE;
const inStates = (state: number, ...states: number[]) => states.includes(state);

/** The state an order reaches on payment: type 1 -> 115, type 2 -> 120, centralised -> 116. */
export function paidStateFor(kind: OrderKind): OrderState {
  return kind === 'individual' ? S.PAID : kind === 'reprint' ? S.TO_BE_MADE : S.PENDING_REVIEW;
}

export function canDelete(o: OrderFacts): boolean {
  return o.state === S.PENDING_PAYMENT;
}

export function canPay(o: OrderFacts): boolean {
  return o.state === S.PENDING_PAYMENT;
}

/** Modify from the lists (document 2, section 4). */
export function canModify(o: OrderFacts, now: Date = new Date()): boolean {
  if (o.kind === 'reprint') return inStates(o.state, S.PENDING_PAYMENT, S.TO_BE_MADE);
  if (o.kind === 'task') {
    if (!inStates(o.state, S.PENDING_PAYMENT, S.PAID, S.REJECTED)) return false;
    // A rejected order whose file was uploaded after the task's end time may not be modified.
    if (o.state === S.REJECTED && o.isFile === 1 && o.endTime) {
      const uploaded = o.fileTime ? new Date(o.fileTime) : now;
      if (uploaded > new Date(o.endTime)) return false;
    }
    return true;
  }
  return inStates(o.state, S.PENDING_PAYMENT, S.PAID, S.REJECTED);
}

export function canRefund(o: OrderFacts): boolean {
  if (o.kind === 'reprint') return inStates(o.state, S.CLOSED, S.PAID, S.TO_BE_MADE);
  if (o.kind === 'task') return inStates(o.state, S.PENDING_REVIEW, S.REJECTED) && o.isRefund === 1 && o.isFile === 1;
  return o.state === S.CLOSED || (o.state === S.PAID && !!o.payTime);
}

export function canViewLogistics(o: OrderFacts): boolean {
  return !!o.shippingOrderNo;
}

/** Order detail: shipping edit at 110, 115, 125 (edit mode). Reprint confirm: 110 or 120. */
export function canEditShipping(o: OrderFacts): boolean {
  if (o.kind === 'reprint') return inStates(o.state, S.PENDING_PAYMENT, S.TO_BE_MADE);
  return inStates(o.state, S.PENDING_PAYMENT, S.PAID, S.REJECTED);
}

export function canEditPhoto(o: OrderFacts): boolean {
  return inStates(o.state, S.PENDING_PAYMENT, S.PAID, S.REJECTED);
}

/** Add photo, delete a line, pay now in the detail: only at 110. */
export function canAddPerson(o: OrderFacts): boolean {
  return o.state === S.PENDING_PAYMENT;
}

/** Reprint confirm: quantity edit at 110. */
export function canEditQuantity(o: OrderFacts): boolean {
  return o.kind === 'reprint' && o.state === S.PENDING_PAYMENT;
}

const DOWNLOAD_STATES: Record<OrderKind, number[]> = {
  individual: [S.PAID, S.PENDING_REVIEW, S.TO_BE_MADE, S.REJECTED, S.IN_PRODUCTION, S.SHIPPED, S.COMPLETED],
  reprint: [S.PAID, S.PENDING_REVIEW, S.TO_BE_MADE, S.REJECTED, S.IN_PRODUCTION, S.SHIPPED, S.COMPLETED],
  task: [S.TO_BE_MADE, S.IN_PRODUCTION, S.REJECTED, S.PENDING_REVIEW, S.SHIPPED, S.COMPLETED],
};

export function canDownloadPhoto(o: OrderFacts): boolean {
  return DOWNLOAD_STATES[o.kind].includes(o.state) && o.picAllowState === 1;
}

/** Payment info is hidden while the order waits for payment. */
export function showsPaymentInfo(o: OrderFacts): boolean {
  return o.state !== S.PENDING_PAYMENT;
}

/** Staff transitions (see ARCHITECTURE.md, "Where each rule lives"). */
export const STAFF_TRANSITIONS: Record<StaffTransitionName, { from: number[]; to: OrderState }> = {
  approve: { from: [S.PAID, S.PENDING_REVIEW], to: S.TO_BE_MADE },
  reject: { from: [S.PAID, S.PENDING_REVIEW], to: S.REJECTED },
  produce: { from: [S.TO_BE_MADE], to: S.IN_PRODUCTION },
  ship: { from: [S.IN_PRODUCTION], to: S.SHIPPED },
  deliver: { from: [S.SHIPPED], to: S.COMPLETED },
  close: { from: [S.PENDING_PAYMENT, S.PAID, S.PENDING_REVIEW, S.TO_BE_MADE, S.REJECTED], to: S.CLOSED },
};

/** The staff transitions by name (the console route takes all but close; see console.ts STAFF_ACTIONS). */
export type StaffTransitionName = 'approve' | 'reject' | 'produce' | 'ship' | 'deliver' | 'close';

/**
 * Everything that moves an order, by name: the staff's actions above and what members,
 * payments and the clock do. Each name is also the audit action (`order.<event>`).
 * - pay: the money arrived (or the amount is zero) -> the kind's paid state.
 * - resubmit: the member fixed a rejected photo -> back to review (not for reprints).
 * - closeUnpaid: an unpaid order that had a payment started is closed instead of deleted,
 *   by the member or by the clock.
 * - closeRefunded: the member's refund came back.
 * - resetPhoto: staff send an approved photo back for a new one (before production) -> rejected;
 *   the member's fix is a resubmit, paid already, so nothing is paid again.
 */
export type OrderEvent = StaffTransitionName | 'pay' | 'resubmit' | 'closeUnpaid' | 'closeRefunded' | 'resetPhoto';

const OPEN_STATES = Object.values(S).filter((s) => s !== S.CLOSED);

const EVENT_FROM: Record<OrderEvent, readonly number[]> = {
  ...(Object.fromEntries(Object.entries(STAFF_TRANSITIONS).map(([a, r]) => [a, r.from])) as Record<
    StaffTransitionName,
    number[]
  >),
  pay: [S.PENDING_PAYMENT],
  resubmit: [S.REJECTED],
  closeUnpaid: [S.PENDING_PAYMENT],
  closeRefunded: OPEN_STATES,
  resetPhoto: [S.TO_BE_MADE],
};

/** Events that close the order (the order's closed time is written with the state). */
export const CLOSING_EVENTS: readonly OrderEvent[] = ['close', 'closeUnpaid', 'closeRefunded'];

/** Where an event takes an order, or null when the order's state does not permit it. */
export function nextState(o: Pick<OrderFacts, 'kind' | 'state'>, event: OrderEvent): OrderState | null {
  if (!EVENT_FROM[event].includes(o.state)) return null;
  if (event === 'pay') return paidStateFor(o.kind);
  if (event === 'resubmit') return o.kind === 'reprint' ? null : paidStateFor(o.kind);
  if (CLOSING_EVENTS.includes(event)) return S.CLOSED;
  if (event === 'resetPhoto') return o.kind === 'reprint' ? null : S.REJECTED;
  return STAFF_TRANSITIONS[event as StaffTransitionName].to;
}

/** Paid and waiting for review. */
export const WAITING_REVIEW_STATES: readonly OrderState[] = [S.PAID, S.PENDING_REVIEW];
/** Approved by review: to be made, in production, shipped, completed. */
export const APPROVED_STATES: readonly OrderState[] = [S.TO_BE_MADE, S.IN_PRODUCTION, S.SHIPPED, S.COMPLETED];
/** Paid and not yet shipped (a deactivation waits for these). */
export const UNSHIPPED_PAID_STATES: readonly OrderState[] = [
  S.PAID,
  S.PENDING_REVIEW,
  S.TO_BE_MADE,
  S.REJECTED,
  S.IN_PRODUCTION,
];

/**
 * One rule for a member's refund request against staff work (issue 16, row 8): while a
 * refund is pending review (1, 2) or in progress at the platform (3), the order is neither
 * reviewed, produced nor shipped; finance first decides the refund (refusing it gives the
 * member a reason). The server refuses these actions and the console says why.
 */
export const REFUND_BLOCKED_ACTIONS = ['approve', 'reject', 'produce', 'ship'] as const;
export const REFUND_OPEN_STATUSES = [1, 2, 3] as const;
export function refundBlocksStaffAction(action: string, refundStatus: number | null | undefined): boolean {
  return (
    refundStatus != null &&
    (REFUND_OPEN_STATUSES as readonly number[]).includes(refundStatus) &&
    (REFUND_BLOCKED_ACTIONS as readonly string[]).includes(action)
  );
}
