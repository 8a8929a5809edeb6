import { useState } from 'react';
import { Breadcrumb, Button, Card, Modal, Space, Table } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  canModify,
  canPay,
  canRefund,
  canViewLogistics,
  canEditQuantity,
  type OrderFacts,
} from '@portal/contract/order-states';
import type { OrderAnswer } from '@portal/contract/orders';
import { QueryState } from '../../../components/query-state.tsx';
import { RefundAction } from '../../../components/refund-action.tsx';
import { fetchCheckStatus, pathForBindStatus, useReprintOrders } from '../api.ts';
import { ReprintNotes } from '../components/reprint-notes.tsx';
import { formatChinaTime } from '@portal/contract/time-format';

const facts = (o: OrderAnswer): OrderFacts => ({
  kind: 'reprint',
  state: o.state,
  payTime: o.payTime,
  shippingOrderNo: o.shippingOrderNo,
});

/** /home/myRollOder: type-2 orders, modify at 110 or 120, refund at 150, 115, 120, and the reprint dialog. */
export default function MyRollOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useReprintOrders();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);

  /** Bind check: 0 or 3 -> /newId, 1 -> /developFilms, 2 -> /untiedId. */
  const startReprint = async () => {
    setChecking(true);
    try {
      navigate(pathForBindStatus(await fetchCheckStatus()));
    } catch {
      // toast shown by the client
    } finally {
      setChecking(false);
      setOpen(false);
    }
  };

  return (
    <Card>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to="/home">{t('reprint.crumb.home')}</Link> }, { title: t('reprint.crumb.orders') }]}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <h1 style={{ fontSize: 22 }}>{t('reprint.list.title')}</h1>
        <Button type="primary" onClick={() => setOpen(true)}>
          {t('reprint.list.new')}
        </Button>
      </Space>
      <ReprintNotes />
      <QueryState
        loading={list.isLoading}
        error={list.error}
        empty={(list.data ?? []).length === 0}
        onRetry={() => void list.refetch()}
      >
        <Table<OrderAnswer>
          rowKey="id"
          dataSource={list.data ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { title: t('reprint.list.col.no'), dataIndex: 'orderNo' },
            {
              title: t('reprint.list.col.time'),
              dataIndex: 'ctime',
              render: (c: string) => formatChinaTime(c),
            },
            { title: t('reprint.list.col.state'), dataIndex: 'stateDesc' },
            { title: t('reprint.list.col.num'), dataIndex: 'num' },
            {
              title: t('reprint.list.col.disc'),
              dataIndex: 'dist',
              render: (d: number | null) => (d === 1 ? t('reprint.yes') : t('reprint.no')),
            },
            { title: t('reprint.list.col.total'), dataIndex: 'payTotal', render: (v: string) => `¥${v}` },
            {
              title: t('reprint.list.col.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_: unknown, o: OrderAnswer) => {
                const f = facts(o);
                return (
                  <Space wrap>
                    <Link to={`/developConfirm?id=${o.id}`}>{t('reprint.list.view')}</Link>
                    {canModify(f) && (
                      <Link
                        to={
                          canEditQuantity(f) ? `/developModify?id=${o.id}` : `/home/orderModify?id=${o.id}&type=wuliu`
                        }
                      >
                        {t('reprint.list.modify')}
                      </Link>
                    )}
                    {canPay(f) && (
                      <Link to={`/home/submitPhoto/completionPayment?id=${o.id}&type=2`}>{t('reprint.list.pay')}</Link>
                    )}
                    {(canRefund(f) || o.refundStatus) && (
                      <RefundAction
                        orderId={o.id}
                        kind="reprint"
                        refund={o.refundStatus ? { status: o.refundStatus, failReason: null } : null}
                        onDone={() => void list.refetch()}
                      />
                    )}
                    {canViewLogistics(f) && (
                      <Link to={`/home/logistics?id=${o.id}&type=2`}>{t('reprint.list.logistics')}</Link>
                    )}
                  </Space>
                );
              },
            },
          ]}
        />
      </QueryState>
      <Modal
        open={open}
        title={t('reprint.dialog.title')}
        okText={t('reprint.dialog.ok')}
        cancelText={t('reprint.dialog.cancel')}
        confirmLoading={checking}
        onOk={startReprint}
        onCancel={() => setOpen(false)}
      >
        <p>{t('reprint.dialog.body')}</p>
      </Modal>
    </Card>
  );
}
