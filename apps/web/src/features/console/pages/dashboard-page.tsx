import { Card, Col, Row, Statistic, Typography, type StatisticProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchDashboard } from '../api.ts';
import { KindText, StateTag, when } from '../ui.tsx';
import { yuanLabel } from '@portal/contract/prices';
import { CardTable } from '../card-table.tsx';
import { NoticeOverview } from './notice-overview.tsx';

/** One of the four figures along the top, with a note under it where there is one. */
function Stat({ note, ...statistic }: StatisticProps & { note?: string }) {
  return (
    <Col span={6}>
      <Card>
        <Statistic {...statistic} />
        {note !== undefined && <small>{note}</small>}
      </Card>
    </Col>
  );
}

/** Today's payments or refunds: the sum, then how many. */
const moneyAndCount = (x: { amountFen: number; count: number }) => ({
  value: yuanLabel(x.amountFen),
  suffix: `/ ${x.count}`,
});

export default function DashboardPage() {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['console', 'dashboard'], queryFn: fetchDashboard });
  const d = q.data;
  const hours = d?.reviewBacklog.oldest
    ? Math.round((q.dataUpdatedAt - new Date(d.reviewBacklog.oldest).getTime()) / 3600_000)
    : 0;
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.dashboard')}</Typography.Title>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {d && (
          <>
            <Row gutter={16}>
              <Stat title={t('console.dash.payments')} {...moneyAndCount(d.todayPayments)} />
              <Stat title={t('console.dash.refunds')} {...moneyAndCount(d.todayRefunds)} />
              <Stat title={t('console.dash.backlog')} value={d.reviewBacklog.count} />
              <Stat
                title={t('console.dash.oldest')}
                value={d.reviewBacklog.oldest ? `${hours} h` : '—'}
                note={when(d.reviewBacklog.oldest)}
              />
            </Row>
            <Row gutter={16} style={{ marginTop: 16 }}>
              <Stat
                title={t('review.pace')}
                value={d.reviewPace.lastHour}
                suffix="/ h"
                note={t('review.pace.today', { n: d.reviewPace.today, rate: d.reviewPace.perHourToday })}
              />
            </Row>
            <Row gutter={16} style={{ marginTop: 16 }}>
              <Col span={14}>
                <CardTable
                  title={t('console.dash.byState')}
                  rowKey={(r) => `${r.kind}-${r.state}`}
                  dataSource={d.byState}
                  columns={[
                    { title: t('console.col.kind'), dataIndex: 'kind', render: (k: string) => <KindText kind={k} /> },
                    {
                      title: t('console.col.state'),
                      dataIndex: 'state',
                      render: (s: number) => <StateTag state={s} />,
                    },
                    { title: t('console.col.count'), dataIndex: 'count' },
                  ]}
                />
              </Col>
              <Col span={10}>
                <CardTable
                  title={t('console.dash.failing')}
                  rowKey="item"
                  dataSource={d.failingItems}
                  columns={[
                    {
                      title: t('console.col.item'),
                      dataIndex: 'item',
                      render: (i: string) => t(`console.check.${i}`, { defaultValue: i }),
                    },
                    { title: t('console.col.count'), dataIndex: 'count' },
                  ]}
                />
              </Col>
            </Row>
          </>
        )}
      </QueryState>
      <NoticeOverview />
    </section>
  );
}
