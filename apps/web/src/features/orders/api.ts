import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { PersonUpdate, personFormSchema, ShippingForm } from '@portal/contract/orders';
import type { DecodedCode } from '@portal/contract/national-codes';
import type { OrderListItem } from '@portal/contract/order-lists';
import { apiGet, apiPost, memberHeaders, request } from '../../lib/api/client.ts';
import { saveFile } from '../../components/save-file.ts';

export type { DecodedCode };
/** The person form as the page sends it (the server validates it with the contract's personFormSchema). */
export type PersonFormBody = z.input<typeof personFormSchema>;

/** The individual order calls (document 2, section 7). */
export const orderKeys = {
  list: ['orders', 'list'] as const,
  order: (id: number) => ['orders', 'order', id] as const,
  consent: ['orders', 'consent'] as const,
};

export type { OrderListItem };

export const idFromSearch = (s: URLSearchParams, key = 'id') => Number(s.get(key) ?? 0) || 0;

export const useOrder = (id: number) =>
  useQuery({
    queryKey: orderKeys.order(id),
    queryFn: () => apiGet('/api/order/findOrderAndOrderDetails', { query: { id } }),
    enabled: id > 0,
  });
/** The order the page's address names (?id=), its reading, and the address's other parameters. */
export function useAddressedOrder() {
  const [search] = useSearchParams();
  const id = idFromSearch(search);
  return { id, search, q: useOrder(id) };
}
export const useOrderList = () =>
  useQuery({
    queryKey: orderKeys.list,
    queryFn: () => apiGet('/api/order/findOrderList', { query: { type: 1 } }),
  });
export const useConsent = () =>
  useQuery({
    queryKey: orderKeys.consent,
    queryFn: () => apiGet('/api/order/photoConsent'),
  });

export const giveConsent = (version: string) => apiPost('/api/order/photoConsent', { body: { version } });
export const searchSchools = (keyword: string) => apiPost('/api/order/schoolList', { body: { keyword } });
export const createOrder = (body: PersonFormBody) => apiPost('/api/order/createCollectionOrder', { body });
export const addPerson = (body: PersonFormBody) => apiPost('/api/order/addPerson2Order', { body });
export const updatePerson = (body: PersonUpdate) =>
  request('POST', '/api/order/updatePerson', { body }).then((e) => e.msg);
export const deletePerson = (detailId: number, orderId: number) =>
  request('POST', '/api/order/deletePerson', { body: { detail_id: detailId, order_id: orderId } }).then((e) => e.msg);
export const deleteOrder = (id: number) =>
  request('GET', '/api/order/deleteOrder', { query: { id } }).then((e) => e.msg);
export const updateShipping = (id: number, s: ShippingForm) =>
  request('POST', '/api/order/updateShipping', { body: { id, ...s } }).then((e) => e.msg);

export const getQrCode = () =>
  apiPost('/api/qrCode/getQrCode', {
    body: { width: 200, height: 200 },
  });
export const getQrCodeInfo = (remarks: string) =>
  request('POST', '/api/qrCode/getQrCodeInfo', { body: { remarks }, raw: true, silent: true });

export function decodeQrcode(file: File) {
  const fd = new FormData();
  fd.append('file', file);
  return apiPost('/api/img/decodeQrcode', { formData: fd });
}

/** Where orderModify returns to: the stored edit path, else orderDetails. */
export const EDIT_PATH_KEY = 'orders.editPath';

/** Downloads a line's photo (owner only; the server names it after the person). */
export async function downloadPhoto(q: {
  id: number;
  yxdm?: string | null;
  studentId?: string | null;
  detailId?: number;
  name: string;
}) {
  const p = new URLSearchParams({ id: String(q.id), type: '2' });
  if (q.yxdm) p.set('yxdm', q.yxdm);
  if (q.studentId) p.set('studentId', q.studentId);
  if (q.detailId) p.set('detailId', String(q.detailId));
  const res = await fetch(`/api/img/downloadPhoto?${p}`, {
    headers: memberHeaders(),
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? res.statusText);
  }
  saveFile(await res.blob(), `${q.name}.jpg`);
}

/** Every person's photo of an order as one ZIP named after the order. */
export async function downloadPhotos(q: { id: number; orderNo: string }) {
  const res = await fetch(`/api/img/downloadPhotos?id=${q.id}`, { headers: memberHeaders() });
  if (!res.ok || res.headers.get('content-type') !== 'application/zip') {
    const body = (await res.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(body?.msg ?? res.statusText);
  }
  saveFile(await res.blob(), `${q.orderNo}.zip`);
}
