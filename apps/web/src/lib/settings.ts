import { useQuery } from '@tanstack/react-query';
import { INACTIVITY_SECONDS } from '@portal/contract/defaults';
import { apiGet } from './api/client.ts';

export const settingsQueryKey = ['settings'] as const;

export function fetchSettings() {
  return apiGet('/api/baseInfo/settings', { silent: true });
}

/** Public settings (service phones, hours, chat URL, maintenance, timeouts). */
export function useSettings() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: fetchSettings, staleTime: 60_000 });
}

export const FALLBACK_INACTIVITY = INACTIVITY_SECONDS;
