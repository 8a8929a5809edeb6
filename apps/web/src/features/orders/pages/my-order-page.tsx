import { useState } from 'react';
import { Breadcrumb, Button, Card, Modal, Space, Table, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  canDelete,
  canDownloadPhoto,
  canModify,
  canPay,
  canRefund,
  canViewLogistics,
  type OrderFacts,
} from '@portal/contract/order-states';
import { orderPicAllowState } from '@portal/contract/order-rules';
import { QueryState } from '../../../components/query-state.tsx';
import { RefundAction } from '../../../components/refund-action.tsx';
import { deleteOrder, orderKeys, useOrderList, type OrderListItem } from '../api.ts';
import { DownloadOrderPhotos } from '../components/download-button.tsx';
import { formatChinaTime } from '@portal/contract/time-format';

const factsOfItem = (o: OrderListItem): OrderFacts => ({
  kind: 'individual',
  state: o.state,
  payTime: o.payTime,
  picAllowState: orderPicAllowState(o.picAllowState, o.firstPicAllowState),
  shippingOrderNo: o.shippingOrderNo,
});

/** /home/myOrder: the member's individual orders with the actions the permitted-action rules allow. */
export default function MyOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const q = useOrderList();
  const [notes, setNotes] = useState(false);
  const refresh = () => void qc.invalidateQueries({ queryKey: orderKeys.list });

  const remove = (id: number) =>
    Modal.confirm({
      title: t('msg.order.confirmDelete'),
      onOk: async () => {
        void message.success(await deleteOrder(id), 1);
        refresh();
      },
    });

  return (
    <Card>
      <Breadcrumb
        items={[
          { title: <Link to="/home">{t('orders.breadcrumb.home')}</Link> },
          { title: t('orders.breadcrumb.myOrder') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <h1 style={{ fontSize: 22 }}>{t('orders.my.title')}</h1>
        <Button onClick={() => setNotes(true)}>{t('orders.my.notes')}</Button>
      </Space>
      <QueryState
        loading={q.isLoading}
        error={q.error}
        empty={q.data?.length === 0}
        emptyText={
          <span data-testid="orders-empty">
            {t('orders.my.empty')} <Link to="/home/submitPhoto/uploadPhoto">{t('orders.my.start')}</Link>
          </span>
        }
        onRetry={() => void q.refetch()}
      >
        <Table<OrderListItem>
          rowKey="id"
          dataSource={q.data}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('orders.my.orderNo'), dataIndex: 'orderNo' },
            { title: t('orders.my.ctime'), dataIndex: 'ctime', render: (v: string) => formatChinaTime(v) },
            { title: t('orders.col.name'), dataIndex: 'names', render: (n: string[]) => n.join('、') },
            { title: t('orders.my.persons'), dataIndex: 'personCount' },
            {
              title: t('orders.my.amount'),
              dataIndex: 'payTotal',
              render: (v: string) => t('orders.info.yuan', { v }),
            },
            {
              title: t('orders.my.state'),
              dataIndex: 'stateDesc',
              render: (v: string, o) => <span data-testid={`state-${o.id}`}>{v}</span>,
            },
            {
              title: t('orders.col.actions'),
              key: 'a',
              fixed: 'right',
              render: (_v, o) => {
                const f = factsOfItem(o);
                return (
                  <Space wrap size={4}>
                    <Button
                      size="small"
                      onClick={() => navigate(`/home/orderDetails?id=${o.id}&type=${o.state}&con=xiangqing`)}
                    >
                      {t('orders.my.detail')}
                    </Button>
                    {canPay(f) && (
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => navigate(`/home/submitPhoto/completionPayment?id=${o.id}&type=1`)}
                      >
                        {t('orders.my.pay')}
                      </Button>
                    )}
                    {canModify(f) && (
                      <Button
                        size="small"
                        onClick={() => navigate(`/home/orderDetails?id=${o.id}&type=${o.state}&con=xiugai`)}
                      >
                        {t('orders.my.modify')}
                      </Button>
                    )}
                    {canDelete(f) && (
                      <Button size="small" danger onClick={() => remove(o.id)}>
                        {t('orders.my.delete')}
                      </Button>
                    )}
                    {(canRefund(f) || o.refundStatus) && (
                      <RefundAction
                        orderId={o.id}
                        kind="individual"
                        refund={o.refundStatus ? { status: o.refundStatus, failReason: null } : null}
                        onDone={refresh}
                      />
                    )}
                    {canViewLogistics(f) && (
                      <Button size="small" onClick={() => navigate(`/home/information?id=${o.id}&type=1`)}>
                        {t('orders.my.logistics')}
                      </Button>
                    )}
                    {canDownloadPhoto(f) && <DownloadOrderPhotos orderId={o.id} orderNo={o.orderNo} names={o.names} />}
                  </Space>
                );
              },
            },
          ]}
        />
      </QueryState>
      <Modal
        open={notes}
        title={t('orders.my.notes')}
        onCancel={() => setNotes(false)}
        onOk={() => setNotes(false)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <p>{t('orders.my.notesBody')}</p>
      </Modal>
    </Card>
  );
}
