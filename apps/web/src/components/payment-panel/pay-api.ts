import { paidStateFor, type OrderKind } from '@portal/contract/order-states';
import { PAY_POLL_MS, PAY_QR_SECONDS } from '@portal/contract/payments';
import { apiGet, apiPost } from '../../lib/api/client.ts';

/** /api/pay/* for individual and reprint orders, /api/taskPay/* for centralised ones. */
export const payScope = (kind: OrderKind) => (kind === 'task' ? 'taskPay' : 'pay');

export const getPayInfo = (orderId: number, kind: OrderKind, payType: 1 | 2) =>
  apiPost(`/api/${payScope(kind)}/getPayInfo`, { body: { id: orderId, payType } });

export const getPayType = (orderId: number) => apiGet('/api/taskPay/getPayType', { query: { id: orderId } });

export const getPayStatus = (orderId: number, paymentNo?: string) =>
  apiGet('/api/pay/status', { query: { id: orderId, paymentNo }, silent: true });

/** Re-reads the order as the lists do (the orders areas' calls); null when it cannot be read. */
export async function readOrderState(orderId: number, kind: OrderKind): Promise<number | null> {
  const path = kind === 'task' ? '/api/taskOrder/findOrderAndOrderDetails' : '/api/order/findOrderAndOrderDetails';
  try {
    const d = await apiGet(path, { query: { id: orderId }, silent: true });
    return typeof d?.order?.state === 'number' ? d.order.state : null;
  } catch {
    return null;
  }
}

export const isPaidState = (kind: OrderKind, state: number | null | undefined) => state === paidStateFor(kind);

/** Where a paid order's owner goes: myOrder, myRollOder or the centralised list. */
export const listPathFor = (kind: OrderKind) =>
  kind === 'task' ? '/home/myOrderCai' : kind === 'reprint' ? '/home/myRollOder' : '/home/myOrder';

/** The one page a payment ends on, whichever way it was paid (the page payment's return address). */
export const paySuccessPathFor = (kind: OrderKind, id: number) =>
  `/home/submitPhoto/pay?id=${id}&type=${kind === 'reprint' ? 2 : 1}&kind=${kind}`;

/** Where shipping info is completed (请先完善物流信息! returns the user there). */
export const orderInfoPathFor = (kind: OrderKind, id: number) =>
  kind === 'task'
    ? `/home/orderInfoCai?orderId=${id}`
    : kind === 'reprint'
      ? `/home/developConfirm?id=${id}`
      : `/home/submitPhoto/orderInfo?id=${id}`;

/** The QR lifetime and poll interval; journeys shorten them with ?qrSeconds= and ?pollMs=. */
export function payTimings(search = window.location.search): { qrSeconds: number; pollMs: number } {
  const q = new URLSearchParams(search);
  const n = (k: string, d: number, min: number) => {
    const v = Number(q.get(k));
    return Number.isFinite(v) && v >= min ? v : d;
  };
  return { qrSeconds: n('qrSeconds', PAY_QR_SECONDS, 1), pollMs: n('pollMs', PAY_POLL_MS, 200) };
}
