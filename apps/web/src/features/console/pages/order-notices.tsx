import { Button, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsoleNoticeRow } from '@portal/contract/notices';
import { QueryState } from '../../../components/query-state.tsx';
import { CardTable } from '../card-table.tsx';
import { when } from '../ui.tsx';
import { fetchOrderNotices, noticeKeys, resendNotice } from '../notices-api.ts';

const STATE_COLOR = { pending: 'blue', sent: 'green', failed: 'red', skipped: 'default' } as const;

/** The order page's notices: every SMS, e-mail and in-portal message of the order, its state and time; a failed one may be resent. */
export function OrderNotices(props: { orderId: number }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: noticeKeys.order(props.orderId), queryFn: () => fetchOrderNotices(props.orderId) });
  const resend = async (id: number) => {
    await resendNotice(id);
    void message.success(t('notices.console.resent'), 1);
    await qc.invalidateQueries({ queryKey: noticeKeys.order(props.orderId) });
  };
  return (
    <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
      <CardTable<ConsoleNoticeRow>
        title={t('notices.console.title')}
        data-testid="order-notices"
        rowKey={(r) => `${r.channel}-${r.id}`}
        dataSource={q.data ?? []}
        pagination={false}
        size="small"
        locale={{ emptyText: t('notices.console.none') }}
        columns={[
          { title: t('notices.console.kind'), dataIndex: 'kind', render: (k: string) => t(`notices.kind.${k}`) },
          {
            title: t('notices.console.channel'),
            dataIndex: 'channel',
            render: (c: string) => t(`notices.channel.${c}`),
          },
          {
            title: t('notices.console.state'),
            dataIndex: 'state',
            render: (s: ConsoleNoticeRow['state']) => <Tag color={STATE_COLOR[s]}>{t(`notices.state.${s}`)}</Tag>,
          },
          { title: t('notices.console.time'), render: (_, r) => when(r.sentAt ?? r.createdAt) },
          { title: t('notices.console.error'), dataIndex: 'lastError', render: (e: string | null) => e ?? '—' },
          {
            title: '',
            render: (_, r) =>
              r.state === 'failed' && (
                <Button size="small" onClick={() => void resend(r.id)}>
                  {t('notices.console.resend')}
                </Button>
              ),
          },
        ]}
      />
    </QueryState>
  );
}
