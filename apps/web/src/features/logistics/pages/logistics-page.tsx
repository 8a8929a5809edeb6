import { Breadcrumb, Card, Descriptions, Empty, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useShippedOrder, useTrace } from '../api.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { formatChinaTime } from '@portal/contract/time-format';

/** Centralised orders travel under the task call family. */
export const isTaskType = (type: string | null) => !!type && ['task', '3', 'cai', 'centralised'].includes(type);

const fmt = (iso: string) => formatChinaTime(iso);

/** Event codes (the server's carrier mapping): a tag colour per kind; unknown codes show no tag. */
const OP_COLOURS: Record<string, string> = {
  '10': 'blue',
  '20': 'blue',
  '30': 'blue',
  '40': 'gold',
  '80': 'green',
  '90': 'red',
  '91': 'red',
  '99': 'red',
};

/** The trace page (/home/information, /home/logistics): carrier, waybill, receiver, and the timeline, newest first. */
export default function LogisticsPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const task = isTaskType(params.get('type'));
  const order = useShippedOrder(id, task);
  const s = order.data?.shippingInfo ?? order.data?.order ?? null;
  const traceNo = s?.shippingOrderNo ?? null;
  const trace = useTrace(traceNo);
  const none = t('logistics.none');
  const items = [...(trace.data?.responseItems ?? [])].sort((a, b) => b.opTime.localeCompare(a.opTime));
  const address = s
    ? [s.shippingProvinceName, s.shippingCityName, s.shippingDistrictName, s.shippingAddress].filter(Boolean).join(' ')
    : '';
  return (
    <section style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
      {/* The way back: home, then the list the order belongs to. */}
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to="/home">{t('logistics.crumb.home')}</Link> },
          {
            title: (
              <Link to={task ? '/home/myOrderCai' : '/home/myOrder'}>
                {t(task ? 'logistics.crumb.taskOrders' : 'logistics.crumb.orders')}
              </Link>
            ),
          },
          { title: t(task ? 'logistics.titleTask' : 'logistics.title') },
        ]}
      />
      <Typography.Title level={2}>{t(task ? 'logistics.titleTask' : 'logistics.title')}</Typography.Title>
      <QueryState
        loading={!!id && order.isLoading}
        error={order.error}
        empty={!id}
        onRetry={() => void order.refetch()}
      >
        <Card>
          <Descriptions column={1} bordered size="small">
            {order.data?.order.orderNo && (
              <Descriptions.Item label={t('logistics.orderNo')}>{order.data.order.orderNo}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('logistics.carrier')}>{s?.shippingTypeName || none}</Descriptions.Item>
            <Descriptions.Item label={t('logistics.waybill')}>{traceNo || none}</Descriptions.Item>
            <Descriptions.Item label={t('logistics.receiver')}>{s?.shippingReceiveName || none}</Descriptions.Item>
            <Descriptions.Item label={t('logistics.phone')}>{s?.shippingReceiveMobile || none}</Descriptions.Item>
            <Descriptions.Item label={t('logistics.address')}>{address || none}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={3} style={{ marginTop: 24 }}>
            {t('logistics.timeline')}
          </Typography.Title>
          {!traceNo ? (
            <Empty description={t('logistics.noWaybill')} />
          ) : (
            <QueryState
              loading={trace.isLoading}
              error={trace.error}
              empty={!items.length}
              onRetry={() => void trace.refetch()}
            >
              <Timeline
                items={items.map((e, i) => ({
                  color: i === 0 ? (OP_COLOURS[e.opCode] === 'red' ? 'red' : 'green') : 'gray',
                  children: (
                    <div data-testid="trace-event">
                      <div>
                        {OP_COLOURS[e.opCode] && (
                          <Tag color={OP_COLOURS[e.opCode]}>{t(`logistics.op.${e.opCode}`)}</Tag>
                        )}
                        {/* The carrier's own words stay as received; outside Chinese they are labelled as such. */}
                        {!i18n.language.startsWith('zh') && (
                          <Typography.Text type="secondary">{t('logistics.carrierText')} </Typography.Text>
                        )}
                        <span lang="zh">{e.opDesc}</span>
                      </div>
                      <Typography.Text type="secondary">{fmt(e.opTime)}</Typography.Text>
                    </div>
                  ),
                }))}
              />
            </QueryState>
          )}
        </Card>
      </QueryState>
    </section>
  );
}
