import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { BindingBody } from '@portal/contract/reprint';
import { apiGet, apiPost, request } from '../../lib/api/client.ts';
import type { ShippingValues } from '../../components/shipping-form/shipping-form.tsx';

/** The reprint calls (document 1 section 7, document 2 section 7). */
export const reprintKeys = {
  status: ['reprint', 'status'] as const,
  student: ['reprint', 'student'] as const,
  order: (id: number) => ['reprint', 'order', id] as const,
  list: ['reprint', 'list'] as const,
};

export const fetchCheckStatus = () => apiGet('/api/binding/findCheckStatus');

/** Bind check (document 1, section 4): 0 or 3 -> /newId, 1 -> /developFilms, 2 -> /untiedId. */
export function pathForBindStatus(status: number): string {
  if (status === 1) return '/developFilms';
  if (status === 2) return '/untiedId';
  return '/newId';
}

export const useCheckStatus = () => useQuery({ queryKey: reprintKeys.status, queryFn: fetchCheckStatus });
export const useWashStudent = () =>
  useQuery({
    queryKey: reprintKeys.student,
    queryFn: () => apiGet('/api/binding/findWashStudentInfo'),
  });
export const useWashOrder = (id: number) =>
  useQuery({
    queryKey: reprintKeys.order(id),
    queryFn: () => apiGet('/api/order/findWashOrderAndOrderDetails', { query: { id } }),
    enabled: id > 0,
  });
export const useReprintOrders = () =>
  useQuery({
    queryKey: reprintKeys.list,
    queryFn: () => apiGet('/api/order/findOrderList', { query: { type: 2 } }),
  });

/** Success calls answer with the server's message (绑定成功, 解绑申请成功, 修改成功). */
/** Binding answers its refusals in the page (mismatch, locked for the day, sent to customer service), not as a toast. */
export const bind = (body: BindingBody) => request('POST', '/api/binding/binding', { body, raw: true, silent: true });
/** The reprint's receiver (reprints are editable at 110 or 120). */
export const updateWashShipping = (id: number, shipping: ShippingValues) =>
  request('POST', '/api/order/updateShipping', { body: { id, ...shipping } });
export const applyUnbind = () => request('GET', '/api/binding/unbinding').then((e) => e.msg);
/** Withdraws the unbind application while customer service has not decided (已撤销解绑申请). */
export const cancelUnbind = () => request('POST', '/api/binding/cancelUnbinding', { body: {} }).then((e) => e.msg);
export const createWashOrder = (body: { dist: number; num: number; thirdStudentId: string }) =>
  apiPost('/api/order/createWashOrder', { body });
export const modifyWashOrder = (body: { id: number; dist: number; num: number; thirdStudentId: string }) =>
  request('POST', '/api/order/modifyWashOrder', { body }).then((e) => e.msg);
export const searchSchools = (keyword: string) => apiPost('/api/order/schoolList', { body: { keyword }, silent: true });

export const idFromSearch = (search: URLSearchParams) => Number(search.get('id') ?? 0) || 0;

/** The reprint order the page's address names (?id=), and its reading. */
export function useAddressedWashOrder() {
  const [search] = useSearchParams();
  const id = idFromSearch(search);
  return { id, q: useWashOrder(id) };
}
