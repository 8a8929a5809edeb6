import { Card, Descriptions, Space, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchOrderPage } from '../api.ts';
import { KindText, StaffPhoto, StateTag, when } from '../ui.tsx';
import { yuanLabel } from '@portal/contract/prices';
import { AuditTable } from './audit-page.tsx';
import { CardTable } from '../card-table.tsx';
import { payStateText, providerText } from '../audit-words.ts';
import { pick, reasonText } from '../../../lib/i18n.ts';
import { OrderNotices } from './order-notices.tsx';

/** Everything the student sees plus payments, refunds, trace and the audit history. */
export default function OrderPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const q = useQuery({
    queryKey: ['console', 'order', id],
    queryFn: () => fetchOrderPage(id!),
  });
  const d = q.data;
  return (
    <section>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {d && (
          <Space direction="vertical" size="large" style={{ width: '100%' }}>
            <Typography.Title level={2}>
              {t('console.order.title')} {d.order.orderNo}
            </Typography.Title>
            <Descriptions bordered size="small" column={2}>
              <Descriptions.Item label={t('console.col.state')}>
                <StateTag state={d.order.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t('console.col.kind')}>
                <KindText kind={d.order.kind} />
              </Descriptions.Item>
              <Descriptions.Item label={t('console.col.amount')}>{yuanLabel(d.order.totalFen)}</Descriptions.Item>
              <Descriptions.Item label={t('console.col.created')}>{when(d.order.createdAt)}</Descriptions.Item>
              <Descriptions.Item label={t('console.col.payTime')}>{when(d.order.payTime)}</Descriptions.Item>
              <Descriptions.Item label={t('console.col.mobile')}>{d.order.mobile ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('console.col.receiver')}>
                {d.order.shippingReceiveName ?? '—'} {d.order.shippingReceiveMobile ?? ''}
              </Descriptions.Item>
              <Descriptions.Item label={t('console.col.address')}>{d.order.shippingAddress ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('console.col.waybill')}>
                {d.order.shippingOrderNo ? `${d.order.shippingTypeName ?? ''} ${d.order.shippingOrderNo}` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('console.col.reason')}>
                {d.order.refuseReason ? reasonText(d.order.refuseReason) : '—'}
              </Descriptions.Item>
            </Descriptions>
            <CardTable
              title={t('console.order.persons')}
              rowKey="id"
              dataSource={d.persons}
              columns={[
                {
                  title: t('console.col.photo'),
                  dataIndex: 'photo',
                  render: (p: { url: string | null } | null, r) => <StaffPhoto src={p?.url} alt={r.name} width={72} />,
                },
                { title: t('console.col.name'), dataIndex: 'name' },
                { title: t('console.col.idNumber'), dataIndex: 'idNumMask' },
                { title: t('console.col.school'), dataIndex: 'schoolName' },
                { title: t('console.col.studentId'), dataIndex: 'studentId' },
                { title: t('console.col.mobile'), dataIndex: 'mobile' },
                {
                  title: t('console.col.branch'),
                  dataIndex: 'fy',
                  render: (fy: string | null) =>
                    fy && fy === d.order.fy && d.order.fyName ? pick(d.order.fyName) : fy,
                },
              ]}
            />
            <CardTable
              title={t('console.order.payments')}
              rowKey="paymentNo"
              dataSource={d.payments}
              columns={[
                { title: t('console.col.paymentNo'), dataIndex: 'paymentNo' },
                {
                  title: t('console.col.provider'),
                  dataIndex: 'provider',
                  render: (p: string) => providerText(t, p),
                },
                { title: t('console.col.amount'), dataIndex: 'amountFen', render: yuanLabel },
                { title: t('console.col.state'), dataIndex: 'state', render: (s: string) => payStateText(t, s) },
                { title: t('console.col.payTime'), dataIndex: 'paidAt', render: when },
              ]}
            />
            <CardTable
              title={t('console.order.refunds')}
              rowKey="id"
              dataSource={d.refunds}
              columns={[
                { title: t('console.col.refundNo'), dataIndex: 'refundNo' },
                { title: t('console.col.amount'), dataIndex: 'amountFen', render: yuanLabel },
                {
                  title: t('console.col.state'),
                  dataIndex: 'status',
                  render: (s: number) => t(`console.refund.status.${s}`),
                },
                { title: t('console.col.reason'), dataIndex: 'reason' },
                { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
              ]}
            />
            <Card title={t('console.order.trace')}>
              {d.trace.length ? (
                <Timeline items={d.trace.map((e) => ({ children: `${when(e.opTime)}  ${e.opDesc}` }))} />
              ) : (
                <Typography.Text type="secondary">{t('console.none')}</Typography.Text>
              )}
            </Card>
            <OrderNotices orderId={Number(id)} />
            <Card title={t('console.order.audit')}>
              <AuditTable rows={d.audit} />
            </Card>
          </Space>
        )}
      </QueryState>
    </section>
  );
}
