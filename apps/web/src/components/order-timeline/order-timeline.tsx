import { Card, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from '@portal/contract/orders';
import { apiGet } from '../../lib/api/client.ts';
import { QueryState } from '../query-state.tsx';
import { useNationalReason } from '../order-photo-issues/order-photo-issues.tsx';
import { formatChinaTime } from '@portal/contract/time-format';

export const timelineKey = (orderId: number) => ['orders', 'order', orderId, 'timeline'] as const;

const COLOR: Partial<Record<TimelineEvent['step'], string>> = {
  rejected: 'red',
  nationalRejected: 'red',
  refundRefused: 'red',
  closed: 'gray',
  delivered: 'green',
  refunded: 'green',
};

/** The history of an order of any kind (created, paid, review, ..., refunds), as the server builds it. */
export function OrderTimeline({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: timelineKey(orderId),
    queryFn: () => apiGet('/api/order/timeline', { query: { id: orderId } }),
    enabled: orderId > 0,
  });
  const none = t('timeline.noReason');
  const nationalReason = useNationalReason();
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('timeline.title')}</h2>}
      style={{ marginBottom: 16 }}
    >
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <Timeline
          data-testid="order-timeline"
          items={(q.data ?? []).map((e, i) => ({
            key: i,
            color: COLOR[e.step] ?? 'blue',
            children: (
              <div data-step={e.step}>
                <div>
                  {t(`timeline.${e.step}`, {
                    reason: e.step === 'nationalRejected' ? nationalReason(e.reason) : e.reason || none,
                    carrier: e.carrier ?? '',
                    waybill: e.waybill ?? '',
                    name: e.name ?? '',
                    amount: e.amount ?? '',
                  })}
                </div>
                <time dateTime={e.at} style={{ color: '#888', fontSize: 12 }}>
                  {formatChinaTime(e.at)}
                </time>
              </div>
            ),
          }))}
        />
      </QueryState>
    </Card>
  );
}
