import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE } from '@portal/contract/content';
import { apiGet, apiPost } from '../../lib/api/client.ts';

export const useNewsPage = (page: number) =>
  useQuery({
    queryKey: ['content', 'news', page],
    queryFn: () => apiPost('/api/baseinfo/information_list', { body: { page, pageSize: NEWS_PAGE_SIZE }, plain: true }),
    placeholderData: keepPreviousData,
  });

export const useNewsDetail = (id: number) =>
  useQuery({
    queryKey: ['content', 'news', 'item', id],
    queryFn: () =>
      apiPost('/api/baseinfo/information_detail', {
        body: { information_id: id },
        plain: true,
        silent: true,
      }),
    enabled: id > 0,
    retry: false,
  });

export const useCentres = (province?: string) =>
  useQuery({
    queryKey: ['content', 'centres', province ?? ''],
    queryFn: () => apiGet('/api/baseInfo/getCollectionCenter', { query: { province } }),
    placeholderData: keepPreviousData,
  });

export const useForms = () =>
  useQuery({ queryKey: ['content', 'forms'], queryFn: () => apiGet('/api/baseInfo/getForm') });

export const useFaqs = (question: string, type?: number) =>
  useQuery({
    queryKey: ['content', 'faqs', question, type ?? 0],
    queryFn: () => apiGet('/api/baseInfo/getQuestion', { query: { question: question || undefined, type } }),
    placeholderData: keepPreviousData,
  });

export const useStaticPage = (key: string) =>
  useQuery({
    queryKey: ['content', 'page', key],
    queryFn: () => apiGet('/api/baseInfo/getStaticPage', { query: { type: key }, silent: true }),
    retry: false,
  });
