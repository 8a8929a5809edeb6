import type { OrderPage, OrderRow, Person, ReviewItem, TransitionBody } from '@portal/contract/console';
import type { ParcelProblemRow, ParcelRefresh } from '@portal/contract/parcels';
import type { ConsoleRefundRow } from '@portal/contract/payments';
import type { z } from 'zod';
import type { orderSearchQuery } from '@portal/contract/console';
import { cGet, cPost } from './console-api.ts';

/**
 * The console's order-side calls (orders, review, production, parcels, refunds), typed with the
 * contract's request and answer schemas. Paths are checked against the role table by the client.
 */

export interface Page<T> {
  total: number;
  rows: T[];
}

/** The search's filters as the server reads them (the contract's orderSearchQuery). */
export type OrderSearch = Partial<z.output<typeof orderSearchQuery>>;

export const searchOrders = (query: OrderSearch) => cGet<Page<OrderRow>>('/api/console/orders', query);
export const fetchOrderPage = (id: number | string) => cGet<OrderPage>(`/api/console/orders/${id}`);
export const fetchReviewQueue = (size: number) => cGet<Page<ReviewItem>>('/api/console/review', { size });
export const transition = (body: TransitionBody) => cPost<{ changed: number }>('/api/console/orders/transition', body);
export const fetchPackingList = (ids: number[]) =>
  cGet<{ order: OrderRow; persons: Person[] }[]>('/api/console/packing-list', { ids: ids.join(',') });

export const fetchParcelProblems = (size: number) =>
  cGet<Page<ParcelProblemRow>>('/api/console/parcels/problems', { size });
export const refreshParcel = (orderId: number) => cPost<ParcelRefresh>(`/api/console/parcels/${orderId}/refresh`);

export const fetchRefunds = (query: { origin: string; status?: number }) =>
  cGet<ConsoleRefundRow[]>('/api/console/refunds', query);
export const approveRefund = (id: number) => cPost<null>(`/api/console/refunds/${id}/approve`);
export const refuseRefund = (id: number, reason: string) =>
  cPost<null>(`/api/console/refunds/${id}/refuse`, { reason });
