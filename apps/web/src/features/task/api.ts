import { useQuery } from '@tanstack/react-query';
import type { MatchStudentData, TaskCreateBody, TaskPrefill } from '@portal/contract/task';
import { apiGet, apiPost, request } from '../../lib/api/client.ts';
import type { ShippingValues } from '../../components/shipping-form/shipping-form.tsx';

/** The centralised-collection calls (document 2, section 7). */
export const taskKeys = {
  schools: ['task', 'schools'] as const,
  list: ['task', 'list'] as const,
  order: (id: number) => ['task', 'order', id] as const,
};

export const usePilotSchools = () =>
  useQuery({
    queryKey: taskKeys.schools,
    queryFn: () => apiGet('/api/baseInfo/getSchoolInfo'),
    staleTime: 600_000,
  });

/** data 1 mosaic, 0 plain; code 400 the mini-programme prompt (returned raw). */
export const taskIsMosaic = (yxdm: string, signature: string) =>
  request('GET', '/api/baseInfo/getTaskIsMosaic', { query: { yxdm, signature }, raw: true });

export type MatchAnswer = MatchStudentData & { prefill: TaskPrefill };
/** 200 continue, 201 / 202 existing unpaid / paid order (returned raw). */
export const matchStudent = (q: { yxdm: string; signature: string; studentId: string }) =>
  request('GET', '/api/baseInfo/matchStudent', { query: q, raw: true });

/** The identity proof (last 4 characters of the record's ID number); answers the match with the record's fields. */
export const proveStudent = (body: { yxdm: string; signature: string; studentId: string; idLast4: string }) =>
  request('POST', '/api/baseInfo/proveStudent', { body, raw: true, silent: true });

export const createTaskOrder = (body: Partial<TaskCreateBody>) =>
  request('POST', '/api/taskOrder/create', { body, raw: true });

export const useTaskOrders = () => useQuery({ queryKey: taskKeys.list, queryFn: () => apiGet('/api/taskOrder/list') });

export const fetchTaskOrder = (id: number) => apiGet('/api/taskOrder/findOrderAndOrderDetails', { query: { id } });
export const useTaskOrder = (id: number) =>
  useQuery({ queryKey: taskKeys.order(id), queryFn: () => fetchTaskOrder(id), enabled: id > 0 });

export const updateTaskPerson = (body: {
  id: number;
  mobile: string;
  mail: string;
  picUrl: string;
  fy?: string | null;
}) => request('POST', '/api/taskOrder/updatePerson', { body }).then((e) => e.msg);
/** The centralised order's receiver. */
export const updateTaskShipping = (id: number, shipping: ShippingValues) =>
  request('POST', '/api/taskOrder/updateShipping', { body: { id, ...shipping } });
export const deleteTaskOrder = (id: number) => apiGet('/api/taskOrder/deleteOrder', { query: { id } });

/** Reads an uploaded collection-code image (the orders module's call). */
export const studentInfoByImg = (file: File, signature: string) => {
  const fd = new FormData();
  fd.append('signature', signature);
  fd.append('file', file);
  return apiPost('/api/img/getStudentInfoByImg', {
    formData: fd,
  });
};

export const orderIdFrom = (search: URLSearchParams) => Number(search.get('orderId') ?? search.get('id') ?? 0) || 0;
