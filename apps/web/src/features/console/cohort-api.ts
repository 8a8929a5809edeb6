import type { CohortQuery, CohortResetBody } from '@portal/contract/cohort';
import { cGet, cPost, downloadStaffFile } from './console-api.ts';

/** A school account's cohort calls (the contract's cohort.ts holds their answers). */
export const fetchCohortTasks = () => cGet('/api/console/cohort/tasks');
export const fetchCohort = (query: Partial<CohortQuery> & { taskId: number }) => cGet('/api/console/cohort', query);
export const fetchCohortEntry = (taskId: number) => cGet('/api/console/cohort/entry', { taskId });
export const downloadCohort = (taskId: number) => downloadStaffFile('/api/console/cohort/export', { taskId });
export const resetCohortPhoto = (body: CohortResetBody) => cPost('/api/console/cohort/reset', body);
