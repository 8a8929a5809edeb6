import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api/client.ts';

export const bannersQuery = {
  queryKey: ['content', 'banners'],
  queryFn: () => apiGet('/api/baseInfo/getBanner'),
  staleTime: 60_000,
};
export const useBanners = () => useQuery(bannersQuery);

export const useNotices = () =>
  useQuery({
    queryKey: ['content', 'notices', 2],
    queryFn: () => apiGet('/api/baseInfo/getNoticeByType', { query: { type: 2 } }),
    staleTime: 60_000,
  });

export const useImportantNotice = (enabled: boolean) =>
  useQuery({
    queryKey: ['content', 'importantNotice'],
    queryFn: () => apiPost('/api/baseinfo/important_notice', { query: { type: 1 }, plain: true, silent: true }),
    enabled,
    staleTime: Infinity,
  });

export const usePickNumber = () =>
  useQuery({
    queryKey: ['content', 'pickNumber'],
    queryFn: () => apiPost('/api/baseinfo/pick_number', { plain: true, silent: true }),
    staleTime: 60_000,
  });

/** Bind check of the graduation reprint (document 1, section 4): 0-3. */
export const fetchBindStatus = () => apiGet('/api/binding/findCheckStatus');
