import { App, Button, Empty, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STALLED_DAYS, type ParcelProblemRow } from '@portal/contract/parcels';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchParcelProblems, refreshParcel } from '../api.ts';
import { formatChinaTime } from '@portal/contract/time-format';

const fmt = (iso: string) => formatChinaTime(iso);
const COLOURS: Record<ParcelProblemRow['problem'], string> = {
  returned: 'red',
  refused: 'red',
  problem: 'orange',
  stalled: 'gold',
};

/** Parcels with a problem (returned, refused, flagged, or no movement for days): a queue for the staff who ship. */
export default function ParcelsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['console', 'parcels', 'problems'],
    queryFn: () => fetchParcelProblems(200),
  });
  const refresh = useMutation({
    mutationFn: (orderId: number) => refreshParcel(orderId),
    onSuccess: (r) => void message.success(t('console.parcels.refreshed', { added: r.added })),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['console', 'parcels'] }),
  });
  const rows = q.data?.rows ?? [];
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.parcels')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('console.parcels.intro', { days: STALLED_DAYS })}</Typography.Paragraph>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {!rows.length ? (
          <Empty description={t('console.parcels.empty')} />
        ) : (
          <Table<ParcelProblemRow>
            rowKey="orderId"
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              {
                title: t('console.parcels.orderNo'),
                dataIndex: 'orderNo',
                render: (v: string, r) => <Link to={`/orders/${r.orderId}`}>{v}</Link>,
              },
              { title: t('console.parcels.waybill'), render: (_, r) => `${r.carrier ?? ''} ${r.waybillNo}`.trim() },
              { title: t('console.parcels.receiver'), dataIndex: 'receiver' },
              {
                title: t('console.parcels.problem'),
                render: (_, r) => (
                  <>
                    <Tag color={COLOURS[r.problem]}>
                      {t(`console.parcels.problem.${r.problem}`, { days: STALLED_DAYS })}
                    </Tag>
                    {r.subscribeError && (
                      <div>
                        <Typography.Text type="danger">
                          {t('console.parcels.subscribeError', { why: r.subscribeError })}
                        </Typography.Text>
                      </div>
                    )}
                  </>
                ),
              },
              {
                title: t('console.parcels.lastEvent'),
                render: (_, r) =>
                  r.lastEvent ?? <Typography.Text type="secondary">{t('console.parcels.noEvent')}</Typography.Text>,
              },
              { title: t('console.parcels.since'), render: (_, r) => fmt(r.lastEventAt ?? r.shippedAt) },
              {
                title: '',
                render: (_, r) => (
                  <Button
                    size="small"
                    loading={refresh.isPending && refresh.variables === r.orderId}
                    onClick={() => refresh.mutate(r.orderId)}
                  >
                    {t('console.parcels.refresh')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
    </section>
  );
}
