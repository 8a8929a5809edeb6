import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { CardTable } from '../card-table.tsx';
import { when } from '../ui.tsx';
import { fetchNoticeOverview, noticeKeys } from '../notices-api.ts';

/** The dashboard's notice part: orders waiting for review past the promised time, and notices that failed. */
export function NoticeOverview() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: noticeKeys.overview, queryFn: fetchNoticeOverview });
  return (
    <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
      <CardTable
        title={t('notices.console.overdueTitle')}
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={q.data?.overdueReviews ?? []}
        locale={{ emptyText: t('notices.console.overdueNone') }}
        columns={[
          {
            title: t('console.col.orderNo'),
            dataIndex: 'orderNo',
            render: (no: string, r) => <Link to={`/orders/${r.id}`}>{no}</Link>,
          },
          { title: t('notices.console.submittedAt'), dataIndex: 'submittedAt', render: when },
        ]}
      />
      <CardTable
        title={t('notices.console.failedTitle')}
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        dataSource={q.data?.failedNotices ?? []}
        locale={{ emptyText: t('notices.console.failedNone') }}
        columns={[
          {
            title: t('console.col.orderNo'),
            dataIndex: 'orderNo',
            render: (no: string | null, r) => (r.orderId ? <Link to={`/orders/${r.orderId}`}>{no}</Link> : '—'),
          },
          { title: t('notices.console.kind'), dataIndex: 'kind', render: (k: string) => t(`notices.kind.${k}`) },
          {
            title: t('notices.console.channel'),
            dataIndex: 'channel',
            render: (c: string) => t(`notices.channel.${c}`),
          },
          { title: t('notices.console.error'), dataIndex: 'lastError' },
          { title: t('notices.console.time'), dataIndex: 'createdAt', render: when },
        ]}
      />
    </QueryState>
  );
}
