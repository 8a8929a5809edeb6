import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { OrderKind } from '@portal/contract/order-states';
import { apiGet, apiPost, memberHeaders, request } from '../../lib/api/client.ts';

/**
 * The phone portal's calls: the same portal API the desktop pages use (document 2, section 7),
 * read into what a phone screen shows.
 */

/** One order of any kind, as the phone's list shows it. */
export interface PhoneOrder {
  kind: OrderKind;
  id: number;
  orderNo: string;
  state: number;
  ctime: string;
  payTotal: string;
  payTime: string | null;
  names: string[];
  refuseReason: string | null;
  shippingOrderNo: string | null;
  isFile: number | null;
  isRefund: number | null;
  endTime: string | null;
  fileTime: string | null;
  refundStatus: number | null;
}

export const phoneKeys = {
  orders: ['phone', 'orders'] as const,
  order: (kind: OrderKind, id: number) => ['phone', 'order', kind, id] as const,
};

/** The three lists (individual, reprint, centralised) as one, newest first. */
export async function fetchAllOrders(): Promise<PhoneOrder[]> {
  const [individual, reprint, task] = await Promise.all([
    apiGet('/api/order/findOrderList', { query: { type: 1 } }),
    apiGet('/api/order/findOrderList', { query: { type: 2 } }),
    apiGet('/api/taskOrder/list'),
  ]);
  const plain = (kind: OrderKind) => (o: (typeof individual)[number]) =>
    ({
      kind,
      id: o.id,
      orderNo: o.orderNo,
      state: o.state,
      ctime: o.ctime,
      payTotal: o.payTotal,
      payTime: o.payTime,
      names: o.names,
      refuseReason: o.refuseReason,
      shippingOrderNo: o.shippingOrderNo,
      isFile: o.isFile,
      isRefund: o.isRefund,
      endTime: o.endTime,
      fileTime: null,
      refundStatus: o.refundStatus,
    }) satisfies PhoneOrder;
  const all: PhoneOrder[] = [
    ...individual.map(plain('individual')),
    ...reprint.map(plain('reprint')),
    ...task.map((o) => ({
      kind: 'task' as const,
      id: o.id,
      orderNo: o.orderNo,
      state: o.state,
      ctime: o.ctime,
      payTotal: o.payTotal,
      payTime: o.payTime,
      names: o.orderDetails.map((d) => d.name),
      refuseReason: o.refuseReason,
      shippingOrderNo: o.shippingOrderNo,
      isFile: o.isFile,
      isRefund: o.isRefund,
      endTime: o.endTime,
      fileTime: o.fileTime,
      refundStatus: null,
    })),
  ];
  return all.sort((a, b) => b.ctime.localeCompare(a.ctime));
}

export const useAllOrders = () => useQuery({ queryKey: phoneKeys.orders, queryFn: fetchAllOrders });

/** An order with its persons, from its kind's call family. */
const orderWithPersons = (kind: OrderKind, id: number) =>
  queryOptions({
    queryKey: phoneKeys.order(kind, id),
    queryFn: async () => {
      if (kind === 'task') {
        const r = await apiGet('/api/taskOrder/findOrderAndOrderDetails', { query: { id } });
        return { order: { ...r.order, stateDesc: '' }, persons: r.orderDetails };
      }
      const r = await apiGet('/api/order/findOrderAndOrderDetails', { query: { id } });
      return { order: r.order, persons: r.orderDetails };
    },
    enabled: id > 0,
  });
export const useOrderWithPersons = (kind: OrderKind, id: number) => useQuery(orderWithPersons(kind, id));
/** Asks for an order while its screen's files load (phone-routes.tsx): the screen shows nothing without it. */
export const prefetchOrder = (client: QueryClient, kind: OrderKind, id: number) =>
  id > 0 ? client.prefetchQuery(orderWithPersons(kind, id)) : Promise.resolve();

export const useTimeline = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['phone', 'timeline', id],
    queryFn: () => apiGet('/api/order/timeline', { query: { id } }),
    enabled: enabled && id > 0,
  });

/** Per-person refusals: the reviewers' (when the server gives them) and the national platform's. */
export interface PersonRefusal {
  detailId: number;
  name: string;
  reason: { zh: string; en: string } | string | null;
  source: 'review' | 'national';
}
export const usePhotoRefusals = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['phone', 'photoIssues', id],
    queryFn: async (): Promise<PersonRefusal[]> => {
      const r = await apiGet('/api/order/photoIssues', { query: { id } });
      // reviewRefused is the per-person review verdict; older servers answer without it.
      const review = (r as { reviewRefused?: { detailId: number; name: string; reason: PersonRefusal['reason'] }[] })
        .reviewRefused;
      return [
        ...(review ?? []).map((x) => ({ ...x, source: 'review' as const })),
        ...r.nationalRejected.map((x) => ({
          detailId: x.detailId,
          name: x.name,
          reason: x.reason,
          source: 'national' as const,
        })),
      ];
    },
    enabled: enabled && id > 0,
  });

export const useRefund = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['phone', 'refund', id],
    queryFn: () => apiGet('/api/refund/status', { query: { id } }),
    enabled: enabled && id > 0,
  });

export const useTrace = (traceNo: string | null) =>
  useQuery({
    queryKey: ['phone', 'trace', traceNo],
    queryFn: () => apiGet('/api/wayBillTraceReceive/call', { query: { traceNo } }),
    enabled: !!traceNo,
  });

export const requestRefund = (kind: OrderKind, id: number, reasonCode: string, reasonText?: string) =>
  apiGet(kind === 'task' ? '/api/taskPay/refund' : '/api/pay/refund', {
    query: { id, reasonCode, reasonText: reasonText || undefined },
  });

export const cancelRefund = (orderId: number) => apiPost('/api/refund/cancelRefund', { body: { order_id: orderId } });

/** A new photo for one person of an individual order: mobile and mail stay as they are. */
export const updatePersonPhoto = (p: { id: number; mobile: string; mail: string; picUrl: string }) =>
  request('POST', '/api/order/updatePerson', { body: p }).then((e) => e.msg);

/** Uploads a photo for a flow; read raw: a refused photo answers its check (and a corrected candidate). */
export const uploadPhoto = (formData: FormData) =>
  request('POST', '/api/img/upload', { formData, raw: true, silent: true });
/** A capture token for a live photo (asked before the camera opens; the upload carries it). */
export const captureToken = () => request('POST', '/api/img/capture-token', { body: {} }).then((e) => e.data!.token);
export const acceptCorrected = (candidateId: string) =>
  request('POST', '/api/img/accept-corrected', { body: { candidateId }, raw: true, silent: true });
/** A corrected candidate's bytes, the member's own only: fetched with the session headers (an <img> sends none). */
export const candidateImage = async (url: string): Promise<Blob> => {
  const r = await fetch(url, { headers: memberHeaders() });
  if (!r.ok || !r.headers.get('content-type')?.startsWith('image/')) throw new Error(String(r.status));
  return r.blob();
};

export const useFaqs = (question: string) =>
  useQuery({
    queryKey: ['phone', 'faqs', question],
    queryFn: () => apiGet('/api/baseInfo/getQuestion', { query: { question: question || undefined } }),
  });
