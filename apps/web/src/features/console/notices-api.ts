import { addLocales } from '../../lib/i18n-core.ts';
import noticesLocale from '../../locales/notices.ts';
import type { ConsoleNoticeRow } from '@portal/contract/notices';
import { cGet, cPost } from './console-api.ts';

// The notices' words (shared with the portal's bell) for the console's notice sections.
addLocales(noticesLocale);

export const noticeKeys = {
  order: (id: number) => ['console', 'notices', 'order', id] as const,
  overview: ['console', 'notices', 'overview'] as const,
};
// `/orders/<id>/notices` also fits the order page's `/orders/:id` pattern as a typed path, which
// makes its answer a union of both: the route's own schema is this one (CONSOLE_RESPONSES).
export const fetchOrderNotices = (id: number) =>
  cGet(`/api/console/orders/${id}/notices`) as Promise<ConsoleNoticeRow[]>;
export const resendNotice = (id: number) => cPost(`/api/console/notices/${id}/resend`);
export const fetchNoticeOverview = () => cGet('/api/console/notices/overview');
