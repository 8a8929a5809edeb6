import type { OrderKind } from '@portal/contract/order-states';

/** Every phone screen lives under /phoneModify (the phone redirect lets its child paths through). */
export const PHONE = '/phoneModify';

const kindQuery = (kind: OrderKind) => (kind === 'individual' ? '' : `?kind=${kind}`);

export const phonePaths = {
  login: `${PHONE}/login`,
  firstIn: `${PHONE}/firstIn`,
  orders: `${PHONE}/orders`,
  newOrder: `${PHONE}/new`,
  help: `${PHONE}/help`,
  me: `${PHONE}/me`,
  desktop: `${PHONE}/desktop`,
  order: (id: number, kind: OrderKind = 'individual') => `${PHONE}/orders/${id}${kindQuery(kind)}`,
  fix: (id: number, detailId: number) => `${PHONE}/orders/${id}/fix/${detailId}`,
  track: (id: number, kind: OrderKind = 'individual') => `${PHONE}/orders/${id}/track${kindQuery(kind)}`,
  refund: (id: number, kind: OrderKind = 'individual') => `${PHONE}/orders/${id}/refund${kindQuery(kind)}`,
  /** The phone payment page (its own folder, pay/): the order's id, as the desktop pay call takes it. */
  pay: (id: number) => `${PHONE}/orders/${id}/pay`,
};

export const isPhonePath = (p: string) => p === PHONE || p.startsWith(`${PHONE}/`) || p.startsWith(`${PHONE}?`);

/**
 * Where a desktop address that shared code navigates to (the API client's 700 goes to /login)
 * leads on the phone: its phone screen, else the phone portal's start.
 */
export function phonePathFor(to: string): string {
  if (isPhonePath(to)) return to;
  if (to.startsWith('/login')) return phonePaths.login;
  if (to.startsWith('/firstIn')) return phonePaths.firstIn;
  if (to.startsWith('/home/myOrder')) return phonePaths.orders;
  return PHONE;
}

export const kindOf = (s: string | null): OrderKind => (s === 'task' || s === 'reprint' ? s : 'individual');
