import { useQuery } from '@tanstack/react-query';
import type { PhonePayWay } from '@portal/contract/phone-pay';
import { apiGet, apiPost } from '../../../lib/api/client.ts';

/**
 * The phone payment's calls: the ways and the server's amount, pay now by a way, and the
 * payment's state (the return page asks it when the student taps; the platform is asked too).
 */
export const usePhonePayOptions = (id: number) =>
  useQuery({
    queryKey: ['phone', 'pay', 'options', id],
    queryFn: () => apiGet('/api/pay/phoneOptions', { query: { id } }),
    enabled: id > 0,
    // The amount and the ways are read once per visit; a return from WeChat's authorisation reads them again.
    staleTime: 0,
    retry: false,
  });

export const startPhonePay = (id: number, way: PhonePayWay, auth?: { code: string; state: string }) =>
  apiPost('/api/pay/phonePay', { body: { id, way, ...auth } });

export const readPayStatus = (id: number, paymentNo: string) =>
  apiGet('/api/pay/status', { query: { id, paymentNo }, silent: true });
