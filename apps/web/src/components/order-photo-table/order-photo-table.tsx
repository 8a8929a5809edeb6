import type { ReactNode } from 'react';
import { Image, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDUCATION_LEVELS } from '@portal/contract/enums';
import type { OrderDetailAnswer } from '@portal/contract/orders';
import { pick } from '../../lib/i18n.ts';

export interface OrderPhotoTableProps {
  rows: OrderDetailAnswer[];
  /** Per-line actions (edit, delete, download); omitted column when not given. */
  actions?: (row: OrderDetailAnswer) => ReactNode;
  loading?: boolean;
}

/** The photo table of an order (row index, photo, name, phone, masked ID number, e-mail, school, code, education, major, student number). */
export function OrderPhotoTable({ rows, actions, loading }: OrderPhotoTableProps) {
  const { t } = useTranslation();
  return (
    <Table<OrderDetailAnswer>
      rowKey="id"
      size="small"
      loading={loading}
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: t('orders.col.index'), render: (_v, _r, i) => i + 1, width: 56 },
        {
          title: t('orders.col.photo'),
          dataIndex: 'picUrl',
          render: (url: string | null, r) =>
            url ? <Image src={url} width={60} height={80} alt={r.name} style={{ objectFit: 'cover' }} /> : '—',
        },
        { title: t('orders.col.name'), dataIndex: 'name' },
        { title: t('orders.col.mobile'), dataIndex: 'mobile' },
        { title: t('orders.col.idNum'), dataIndex: 'idNum' },
        { title: t('orders.col.mail'), dataIndex: 'mail' },
        { title: t('orders.col.school'), dataIndex: 'schoolName' },
        { title: t('orders.col.yxdm'), dataIndex: 'yxdm' },
        {
          title: t('orders.col.education'),
          dataIndex: 'education',
          render: (e: number | null) => (e ? pick(EDUCATION_LEVELS[e]) : ''),
        },
        ...(rows.some((r) => r.major) ? [{ title: t('orders.col.major'), dataIndex: 'major' }] : []),
        { title: t('orders.col.studentId'), dataIndex: 'studentId' },
        ...(actions
          ? [
              {
                title: t('orders.col.actions'),
                key: 'actions',
                fixed: 'right' as const,
                render: (_v: unknown, r: OrderDetailAnswer) => actions(r),
              },
            ]
          : []),
      ]}
    />
  );
}
