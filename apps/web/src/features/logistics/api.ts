import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api/client.ts';

/** The logistics area's calls: the order it shows (under its own call family) and its waybill trace. */

export const logisticsKeys = {
  order: (task: boolean, id: string | null) => ['logistics', 'order', task, id] as const,
  trace: (traceNo: string | null) => ['logistics', 'trace', traceNo] as const,
};

/** The order with its lines: centralised (task) orders travel under the task call family. */
export const useShippedOrder = (id: string | null, task: boolean) =>
  useQuery({
    queryKey: logisticsKeys.order(task, id),
    queryFn: () =>
      apiGet(task ? '/api/taskOrder/findOrderAndOrderDetails' : '/api/order/findOrderAndOrderDetails', {
        query: { id },
      }),
    enabled: !!id,
  });

/** The waybill's stored trace events. */
export const useTrace = (traceNo: string | null) =>
  useQuery({
    queryKey: logisticsKeys.trace(traceNo),
    queryFn: () => apiGet('/api/wayBillTraceReceive/call', { query: { traceNo } }),
    enabled: !!traceNo,
  });
