import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchDashboard } from '../api.ts';
import { KindText, StateTag, when } from '../ui.tsx';
import { yuanLabel } from '@portal/contract/prices';
import { CardTable } from '../card-table.tsx';

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
              <Col span={6}>
                <Card>
                  <Statistic
                    title={t('console.dash.payments')}
                    value={yuanLabel(d.todayPayments.amountFen)}
                    suffix={`/ ${d.todayPayments.count}`}
                  />
                </Card>
              </Col>
              <Col span={6}>
                <Card>
                  <Statistic
                    title={t('console.dash.refunds')}
                    value={yuanLabel(d.todayRefunds.amountFen)}
                    suffix={`/ ${d.todayRefunds.count}`}
                  />
                </Card>
              </Col>
              <Col span={6}>
                <Card>
                  <Statistic title={t('console.dash.backlog')} value={d.reviewBacklog.count} />
                </Card>
              </Col>
              <Col span={6}>
                <Card>
                  <Statistic title={t('console.dash.oldest')} value={d.reviewBacklog.oldest ? `${hours} h` : '—'} />
                  <small>{when(d.reviewBacklog.oldest)}</small>
                </Card>
              </Col>
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
    </section>
  );
}
