import type { ConsoleTaskBody, NationalReportBody, StaffSaveBody, TransitionBody } from '@portal/contract/console';
import type { ResolveDisputeBody } from '@portal/contract/reprint';
import type { DecideBody, ResetBody } from '@portal/contract/review';
import type { z } from 'zod';
import type { orderSearchQuery } from '@portal/contract/console';
import { cGet, cPost } from './console-api.ts';

/**
 * The console's calls, by area, typed with the contract's request and answer schemas (the staff
 * session's own calls, login, me and two-step set-up, stay beside it in console-api.ts). Paths are checked against the role table by the client.
 */

export interface Page<T> {
  total: number;
  rows: T[];
}

/** The search's filters as the server reads them (the contract's orderSearchQuery). */
export type OrderSearch = Partial<z.output<typeof orderSearchQuery>>;

export const searchOrders = (query: OrderSearch) => cGet('/api/console/orders', query);
export const fetchOrderPage = (id: number | string) => cGet(`/api/console/orders/${id}`);
export const fetchReviewQueue = (size: number) => cGet('/api/console/review', { size });
export const transition = (body: TransitionBody) => cPost('/api/console/orders/transition', body);
export const claimReview = (size?: number) => cPost('/api/console/review/claim', size ? { size } : {});
export const decideReview = (body: DecideBody) => cPost('/api/console/review/decide', body);
export const resetReviewPhoto = (body: ResetBody) => cPost('/api/console/review/reset', body);
export const fetchPackingList = (ids: number[]) => cGet('/api/console/packing-list', { ids: ids.join(',') });

export const fetchParcelProblems = (size: number) => cGet('/api/console/parcels/problems', { size });
export const refreshParcel = (orderId: number) => cPost(`/api/console/parcels/${orderId}/refresh`);

export const fetchRefunds = (query: { origin: string; status?: number }) => cGet('/api/console/refunds', query);
export const approveRefund = (id: number) => cPost(`/api/console/refunds/${id}/approve`);
export const refuseRefund = (id: number, reason: string) => cPost(`/api/console/refunds/${id}/refuse`, { reason });

export const fetchDashboard = () => cGet('/api/console/dashboard');
export const fetchAudit = (query: Record<string, string | number | undefined>) => cGet('/api/console/audit', query);

export const fetchBindings = (state: number) => cGet('/api/console/bindings', { state });
export const decideBinding = (id: number, verb: 'approve' | 'refuse') => cPost(`/api/console/bindings/${id}/${verb}`);
export const fetchBindingDisputes = (state: number) => cGet('/api/console/binding-disputes', { state });
export const resolveDispute = (id: number, body: ResolveDisputeBody) =>
  cPost(`/api/console/binding-disputes/${id}/resolve`, body);

export const fetchSchools = (q: string) => cGet('/api/console/schools', { q });
export const setPilot = (yxdm: string, on: boolean) =>
  cPost(`/api/console/schools/${yxdm}/pilot`, { testPoint: on ? 1 : 0 });
/** Gives a school to a branch office ('' for none); admins only. */
export const setSchoolBranch = (yxdm: string, fy: string) =>
  cPost(`/api/console/schools/${yxdm}/branch`, { fy: fy.trim() || null });
export const importSchools = (csv: string) => cPost('/api/console/schools/import', { csv });
export const fetchTasks = () => cGet('/api/console/tasks');
export const saveTask = (body: ConsoleTaskBody & { id?: number }) => cPost('/api/console/tasks', body);

export const startReport = (scope: NationalReportBody) => cPost('/api/console/national-report', scope);
export const fetchReports = () => cGet('/api/console/national-report');
export const fetchReportItems = (jobId: number, status?: string) =>
  cGet(`/api/console/national-report/${jobId}/items`, { status });

export const fetchStaff = () => cGet('/api/console/staff');
export const saveStaff = (body: StaffSaveBody & { id?: number }) => cPost('/api/console/staff', body);
export const resetStaffTotp = (id: number) => cPost('/api/console/staff/totp-reset', { id });
export const unlockStaff = (id: number) => cPost('/api/console/staff/unlock', { id });
