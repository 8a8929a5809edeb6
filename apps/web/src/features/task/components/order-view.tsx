import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Image, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDUCATION_LEVELS } from '@portal/contract/enums';
import { isTaskOrderNo } from '@portal/contract/order-rules';
import { ORDER_STATE, canEditShipping } from '@portal/contract/order-states';
import type { TaskOrder, TaskOrderDetail } from '@portal/contract/task';
import { pick } from '../../../lib/i18n.ts';
import { getSession } from '../../../lib/session.ts';
import { saveFile } from '../../../components/save-file.ts';
import { ShippingModifyButton } from './shipping-modify.tsx';
import { formatChinaTime } from '@portal/contract/time-format';

const dash = (v: string | null | undefined, none: string) => (v && String(v).trim() ? v : none);
const time = (iso: string | null) => formatChinaTime(iso);

/** Order number, type, time, status and amount. */
export function OrderSummary({ order, extra }: { order: TaskOrder; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Descriptions bordered size="small" column={2} extra={extra}>
      <Descriptions.Item label={t('task.state')}>
        <span data-testid="task-state">{pick(order.stateDesc)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('task.orderType')}>{t('task.imageCollection')}</Descriptions.Item>
      <Descriptions.Item label={t('task.orderNo')}>{order.orderNo}</Descriptions.Item>
      <Descriptions.Item label={t('task.orderTime')}>{time(order.ctime)}</Descriptions.Item>
      <Descriptions.Item label={t('task.taskName')}>{pick(order.taskName)}</Descriptions.Item>
      <Descriptions.Item label={t('task.amount')}>¥{order.payTotal}</Descriptions.Item>
      {order.state === ORDER_STATE.REJECTED && order.refuseReason && (
        <Descriptions.Item label={t('task.refuseReason')} span={2}>
          <Typography.Text type="danger">{order.refuseReason}</Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/**
 * Logistics: each field shows "none" when empty (document 2, section 2). With `onModified` (a page
 * in modify mode) it may be modified while the order's state allows it.
 */
export function LogisticsBlock({ order, onModified }: { order: TaskOrder; onModified?: () => void }) {
  const { t } = useTranslation();
  const none = t('common.none');
  const address = [
    order.shippingProvinceName,
    order.shippingCityName,
    order.shippingDistrictName,
    order.shippingAddress,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Card
      size="small"
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('task.logistics')}</h2>}
      extra={
        onModified && canEditShipping(order) ? <ShippingModifyButton order={order} onDone={onModified} /> : undefined
      }
    >
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('task.courier')}>{dash(order.shippingTypeName, none)}</Descriptions.Item>
        <Descriptions.Item label={t('task.waybill')}>{dash(order.shippingOrderNo, none)}</Descriptions.Item>
        <Descriptions.Item label={t('task.recipient')}>{dash(order.shippingReceiveName, none)}</Descriptions.Item>
        <Descriptions.Item label={t('task.recipientPhone')}>
          {dash(order.shippingReceiveMobile, none)}
        </Descriptions.Item>
        <Descriptions.Item label={t('task.address')} span={2}>
          {dash(address, none)}
        </Descriptions.Item>
      </Descriptions>
      {!order.isShipping && <Typography.Text type="secondary">{t('task.noShippingNote')}</Typography.Text>}
    </Card>
  );
}

export function PaymentBlock({ order }: { order: TaskOrder }) {
  const { t } = useTranslation();
  const none = t('common.none');
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('task.payInfo')}</h2>}>
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('task.payMethod')}>
          {order.payType ? t(`task.pay${order.payType}`) : none}
        </Descriptions.Item>
        <Descriptions.Item label={t('task.payTime')}>{dash(time(order.payTime), none)}</Descriptions.Item>
        <Descriptions.Item label={t('task.unitPrice')}>¥{order.unitPrice}</Descriptions.Item>
        <Descriptions.Item label={t('task.totalPrice')}>¥{order.payTotal}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** Downloads a person's photo with the member's headers; the file is named after the person. */
async function downloadPhoto(order: TaskOrder, d: TaskOrderDetail) {
  const q = new URLSearchParams({
    yxdm: d.yxdm ?? '',
    studentId: d.studentId ?? '',
    type: isTaskOrderNo(order.orderNo) ? '1' : '2',
    id: String(d.id),
  });
  const res = await fetch(`/api/img/downloadPhoto?${q}`, {
    headers: { authorization: `Bearer ${getSession('token') ?? ''}`, memberId: getSession('memberId') ?? '' },
  });
  saveFile(await res.blob(), `${d.name}.jpg`);
}

/** The photo table: row index, photo, name, phone, ID number (masked), e-mail, school, code, level, major when present, student number. */
export function PhotoTable(props: {
  order: TaskOrder;
  details: TaskOrderDetail[];
  download?: boolean;
  action?: (d: TaskOrderDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  const hasMajor = props.details.some((d) => !!d.major);
  return (
    <Table<TaskOrderDetail>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={props.details}
      scroll={{ x: true }}
      columns={[
        { title: t('task.row'), key: 'row', render: (_v, _r, i) => i + 1 },
        {
          title: t('task.photo'),
          key: 'photo',
          render: (_v, d) => (d.picUrl ? <Image src={d.picUrl} width={60} alt={d.name} /> : t('common.none')),
        },
        { title: t('task.xm'), dataIndex: 'name' },
        { title: t('task.mobile'), dataIndex: 'mobile' },
        { title: t('task.sfzh'), dataIndex: 'idNum' },
        { title: t('task.mail'), dataIndex: 'mail' },
        { title: t('task.yxmc'), dataIndex: 'schoolName' },
        { title: t('task.yxdm'), dataIndex: 'yxdm' },
        {
          title: t('task.education'),
          key: 'education',
          render: (_v, d) => (d.education ? pick(EDUCATION_LEVELS[d.education]) : ''),
        },
        ...(hasMajor ? [{ title: t('task.zy'), dataIndex: 'major' as const }] : []),
        { title: t('task.xh'), dataIndex: 'studentId' },
        ...(props.action || props.download
          ? [
              {
                title: t('task.actions'),
                key: 'actions',
                fixed: 'right' as const,
                render: (_v: unknown, d: TaskOrderDetail) => (
                  <>
                    {props.action?.(d)}
                    {props.download && (
                      <Button type="link" onClick={() => void downloadPhoto(props.order, d)}>
                        {t('task.download')}
                      </Button>
                    )}
                  </>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
