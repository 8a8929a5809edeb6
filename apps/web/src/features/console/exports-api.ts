import type { NationalExportBody } from '@portal/contract/national-export';
import type { BulkShipBody } from '@portal/contract/bulk-shipping';
import { cGet, cPost } from './console-api.ts';

/** National export jobs and bulk shipping (the contract's national-export.ts and bulk-shipping.ts hold their answers). */
export const EXPORT_JOBS_KEY = ['console', 'exports'] as const;
export const fetchExportJobs = () => cGet('/api/console/national-export');
export const startExport = (scope: NationalExportBody) => cPost('/api/console/national-export', scope);
export const fetchLeftOut = (id: number) => cGet(`/api/console/national-export/${id}/left-out`);
export const fetchExportLink = (id: number) => cGet(`/api/console/national-export/${id}/link`);
export const bulkShip = (body: BulkShipBody) => cPost('/api/console/shipping/bulk', body);
