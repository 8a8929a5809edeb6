import { Button, Card, Popconfirm, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canDelete, canPay } from '@portal/contract/order-states';
import { QueryState } from '../../../components/query-state.tsx';
import { deleteTaskOrder, orderIdFrom, useTaskOrder } from '../api.ts';
import { useLoginGate } from '../components/login-gate.tsx';
import { LogisticsBlock, OrderSummary, PhotoTable } from '../components/order-view.tsx';

/** /home/orderInfoCai (orderId, con): the new order's information; next goes to the confirm step. */
export default function OrderInfoCaiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const gate = useLoginGate();
  const q = useTaskOrder(gate.loggedIn ? id : 0);
  const o = q.data?.order;
  const remove = async () => {
    try {
      await deleteTaskOrder(id);
      void message.success(t('msg.ok.deleted'), 1);
      navigate('/home/myOrderCai');
    } catch {
      // the client has shown the server's message
    }
  };
  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('task.orderInfoTitle')}</h1>
      {!gate.loggedIn ? (
        <Button onClick={() => gate.ensure()}>{t('layout.loginRegister')}</Button>
      ) : (
        <QueryState loading={q.isLoading} error={q.error} empty={!o} onRetry={() => void q.refetch()}>
          {o && q.data && (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <OrderSummary order={o} />
              <PhotoTable order={o} details={q.data.orderDetails} />
              <LogisticsBlock order={o} />
              <Space>
                {canDelete(o) && (
                  <Popconfirm title={t('task.confirmDeleteOrder')} onConfirm={() => void remove()}>
                    <Button danger>{t('common.delete')}</Button>
                  </Popconfirm>
                )}
                {canPay(o) && (
                  <Button type="primary" onClick={() => navigate(`/home/confirmOrderCai?orderId=${id}`)}>
                    {t('task.goConfirm')}
                  </Button>
                )}
              </Space>
            </Space>
          )}
        </QueryState>
      )}
      {gate.dialog}
    </Card>
  );
}
