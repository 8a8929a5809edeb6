import { Alert, Descriptions, Image, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDUCATION_LEVELS } from '@portal/contract/enums';
import type { WashOrderAndDetails } from '@portal/contract/reprint';
import { pick } from '../../../lib/i18n.ts';
import { formatChinaTime } from '@portal/contract/time-format';

/** Order number, state, time, items and amount of a reprint order; why it is held or was closed, when it is. */
export function OrderSummary({ data }: { data: WashOrderAndDetails }) {
  const { t } = useTranslation();
  const o = data.order;
  return (
    <>
      {o.notice && (
        <Alert
          data-testid="order-notice"
          role="alert"
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('reprint.order.noticeTitle')}
          description={o.notice}
        />
      )}
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('reprint.order.no')}>
          <span data-testid="order-no">{o.orderNo}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('reprint.order.state')}>{o.stateDesc}</Descriptions.Item>
        <Descriptions.Item label={t('reprint.order.time')}>{formatChinaTime(o.ctime)}</Descriptions.Item>
        <Descriptions.Item label={t('reprint.order.total')}>
          <strong data-testid="order-total">¥{o.payTotal}</strong>
        </Descriptions.Item>
      </Descriptions>
      <h2 style={{ fontSize: 16 }}>{t('reprint.order.items')}</h2>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={data.orderDetails}
        style={{ marginBottom: 16 }}
        columns={[
          {
            title: t('reprint.films.photo'),
            dataIndex: 'picUrl',
            render: (url: string | null) => (url ? <Image src={url} width={60} alt={t('reprint.films.photo')} /> : '—'),
          },
          { title: t('reprint.order.name'), dataIndex: 'name' },
          { title: t('reprint.films.school'), dataIndex: 'schoolName' },
          { title: t('reprint.order.studentId'), dataIndex: 'studentId' },
          {
            title: t('reprint.films.xlcc'),
            dataIndex: 'education',
            render: (e: number | null) => (e && EDUCATION_LEVELS[e] ? pick(EDUCATION_LEVELS[e]) : '—'),
          },
          {
            title: t('reprint.films.quantity'),
            dataIndex: 'num',
            render: (n: number) => <span data-testid="order-num">{n}</span>,
          },
          {
            title: t('reprint.films.disc'),
            dataIndex: 'dist',
            render: (d: number) => (d === 1 ? t('reprint.films.discBurn') : t('reprint.films.discNone')),
          },
        ]}
      />
    </>
  );
}
