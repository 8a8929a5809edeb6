import { useQuery } from '@tanstack/react-query';
import type { LatestPayment, PayStatusResponse } from '@portal/contract/payments';
import { apiGet } from '../../lib/api/client.ts';
import { getPayStatus } from '../../components/payment-panel/pay-api.ts';

/**
 * The payments area's calls of its own pages (the pay result page). Paying itself (the payment
 * panel, the status poll) is shared by every order kind and lives in components/payment-panel.
 */

export const paymentKeys = { refund: (id: number) => ['refund', id] as const };

/** The order's newest payment (null before the first). */
export const fetchLatestPayment = (id: number) => apiGet('/api/pay/latestPayment', { query: { id }, silent: true });

/** The order's state and its newest payment's, the provider asked while that payment is pending. */
export async function readOutcome(id: number): Promise<{ status: PayStatusResponse; payment: LatestPayment }> {
  const payment = await fetchLatestPayment(id);
  const status = await getPayStatus(id, payment?.paymentNo);
  return { status, payment: payment && status.paymentState ? { ...payment, state: status.paymentState } : payment };
}

/** The order's refund, when one was asked for (null otherwise). */
export const useRefundStatus = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.refund(id),
    queryFn: () => apiGet('/api/refund/status', { query: { id } }),
    enabled,
  });
