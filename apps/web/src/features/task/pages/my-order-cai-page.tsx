import { Alert, Breadcrumb, Button, Card, Popconfirm, Space, Table, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { canDelete, canModify, canPay, canRefund } from '@portal/contract/order-states';
import type { TaskOrderListItem } from '@portal/contract/task';
import { QueryState } from '../../../components/query-state.tsx';
import { RefundAction } from '../../../components/refund-action.tsx';
import { pick } from '../../../lib/i18n.ts';
import { deleteTaskOrder, taskKeys, useTaskOrders } from '../api.ts';
import { formatChinaTime } from '@portal/contract/time-format';

/** /home/myOrderCai: the centralised orders list; status 1 / 2 after matching found an existing order. */
export default function MyOrderCaiPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const status = search.get('status');
  const list = useTaskOrders();
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: taskKeys.list });
  const remove = async (id: number) => {
    try {
      await deleteTaskOrder(id);
      void message.success(t('msg.ok.deleted'), 1);
      refresh();
    } catch {
      // the client has shown the server's message
    }
  };
  return (
    <Card>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[{ title: <Link to="/home">{t('task.breadHome')}</Link> }, { title: t('task.breadOrders') }]}
      />
      <h1 style={{ fontSize: 22 }}>{t('task.listTitle')}</h1>
      {(status === '1' || status === '2') && (
        <Alert style={{ marginBottom: 16 }} type="warning" showIcon message={t(`task.status${status}`)} />
      )}
      <QueryState
        loading={list.isLoading}
        error={list.error}
        empty={!list.data?.length}
        emptyText={
          <span data-testid="orders-empty">
            {t('task.listEmpty')} <Link to="/home/collectFirst">{t('task.listStart')}</Link>
          </span>
        }
        onRetry={() => void list.refetch()}
      >
        <Table<TaskOrderListItem>
          rowKey="id"
          dataSource={list.data}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: true }}
          columns={[
            { title: t('task.orderNo'), dataIndex: 'orderNo' },
            {
              title: t('task.orderTime'),
              key: 'ctime',
              render: (_v, o) => formatChinaTime(o.ctime),
            },
            { title: t('task.taskName'), key: 'task', render: (_v, o) => pick(o.taskName) },
            { title: t('task.xm'), key: 'name', render: (_v, o) => o.orderDetails.map((d) => d.name).join('、') },
            { title: t('task.amount'), key: 'amount', render: (_v, o) => `¥${o.payTotal}` },
            {
              title: t('task.state'),
              key: 'state',
              render: (_v, o) => <span data-testid={`state-${o.id}`}>{pick(o.stateDesc)}</span>,
            },
            {
              title: t('task.actions'),
              key: 'actions',
              fixed: 'right',
              render: (_v, o) => (
                <Space wrap>
                  <Link to={`/home/orderDetailCai?orderId=${o.id}&type=${o.state}&con=xiangqing`}>
                    {t('task.detail')}
                  </Link>
                  {canModify(o) && (
                    <Link to={`/home/ConfirmOrderCai?orderId=${o.id}&con=xiugai`}>{t('task.modify')}</Link>
                  )}
                  {canPay(o) && <Link to={`/home/payOrderCai?orderId=${o.id}`}>{t('task.payNow')}</Link>}
                  {canRefund(o) && <RefundAction orderId={o.id} kind="task" onDone={refresh} />}
                  {canDelete(o) && (
                    <Popconfirm title={t('task.confirmDeleteOrder')} onConfirm={() => void remove(o.id)}>
                      <Button type="link" danger size="small">
                        {t('common.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </QueryState>
    </Card>
  );
}
