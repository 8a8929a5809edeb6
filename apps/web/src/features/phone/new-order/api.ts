import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { AREA_ROOT } from '@portal/contract/catalog';
import type { personFormSchema, ShippingForm } from '@portal/contract/orders';
import type { AddressSave } from '@portal/contract/addresses';
import { apiGet, apiPost, request } from '../../../lib/api/client.ts';

/** The individual order calls the desktop wizard makes (document 2, section 7), for the phone's wizard. */
export type PersonBody = z.input<typeof personFormSchema>;

export const newOrderKeys = {
  consent: ['orders', 'consent'] as const,
  order: (id: number) => ['phone', 'newOrder', id] as const,
  addresses: ['addresses'] as const,
};

export const useConsent = () =>
  useQuery({ queryKey: newOrderKeys.consent, queryFn: () => apiGet('/api/order/photoConsent') });
export const giveConsent = (version: string) => apiPost('/api/order/photoConsent', { body: { version } });
export const searchSchools = (keyword: string) => apiPost('/api/order/schoolList', { body: { keyword } });
export const createOrder = (body: PersonBody) => apiPost('/api/order/createCollectionOrder', { body });
export const addPerson = (body: PersonBody) => apiPost('/api/order/addPerson2Order', { body });
export const updateShipping = (id: number, s: ShippingForm) =>
  request('POST', '/api/order/updateShipping', { body: { id, ...s } });
export const deletePerson = (detailId: number, orderId: number) =>
  request('POST', '/api/order/deletePerson', { body: { detail_id: detailId, order_id: orderId } }).then((e) => e.msg);
export const saveAddress = (body: AddressSave) => request('POST', '/api/address/save', { body });

export const useOrder = (id: number) =>
  useQuery({
    queryKey: newOrderKeys.order(id),
    queryFn: () => apiGet('/api/order/findOrderAndOrderDetails', { query: { id } }),
    enabled: id > 0,
  });
export const useAddresses = () =>
  useQuery({ queryKey: newOrderKeys.addresses, queryFn: () => apiGet('/api/address/list') });
export const useCarriers = () =>
  useQuery({ queryKey: ['baseInfo', 'carriers'], queryFn: () => apiGet('/api/baseInfo/getLogisticsInfo') });
export const useAreas = (upid: string | null) =>
  useQuery({
    queryKey: ['baseInfo', 'area', upid],
    queryFn: () => apiPost('/api/baseInfo/selectArea', { query: { upid: upid ?? AREA_ROOT } }),
    enabled: upid !== null,
    staleTime: Infinity,
  });
