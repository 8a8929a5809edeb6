import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticePrefs } from '@portal/contract/notices';
import { apiGet, apiPost } from '../../lib/api/client.ts';
import { addLocales, currentLang } from '../../lib/i18n-core.ts';
import noticesLocale from '../../locales/notices.ts';

// The bell is shown by the desktop portal and the phone portal alike: its words come with it.
addLocales(noticesLocale);

export const noticeKeys = {
  all: ['notices'] as const,
  unread: ['notices', 'unread'] as const,
  list: (page: number) => ['notices', 'list', page] as const,
  prefs: ['notices', 'prefs'] as const,
};

/** The unread count, asked again every minute while the page is open. */
export const useUnread = (enabled: boolean) =>
  useQuery({
    queryKey: noticeKeys.unread,
    queryFn: () => apiGet('/api/notices/unread', { silent: true, noLoginRedirect: true }),
    enabled,
    refetchInterval: 60_000,
  });

export const useMessages = (page = 1, size = 20) =>
  useQuery({
    // The server words the messages in the caller's language: another language is another answer.
    queryKey: [...noticeKeys.list(page), currentLang()],
    queryFn: () => apiGet('/api/notices/list', { query: { page, size } }),
  });

export const useNoticePrefs = () =>
  useQuery({ queryKey: noticeKeys.prefs, queryFn: () => apiGet('/api/notices/prefs') });

export const saveNoticePrefs = (prefs: NoticePrefs) => apiPost('/api/notices/prefs', { body: prefs });

/** Marks one message read (or all); the bell and the lists are read again. */
export function useMarkRead() {
  const qc = useQueryClient();
  return async (id?: number) => {
    await apiPost('/api/notices/read', { body: id ? { id } : {} });
    await qc.invalidateQueries({ queryKey: noticeKeys.all });
  };
}
