import { Button, Card, Popconfirm, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canDelete, canPay } from '@portal/contract/order-states';
import { deleteTaskOrder } from '../api.ts';
import { GatedTaskOrder, useGatedTaskOrder } from '../components/gated-task-order.tsx';
import { LogisticsBlock, OrderSummary, PhotoTable } from '../components/order-view.tsx';

/** /home/orderInfoCai (orderId, con): the new order's information; next goes to the confirm step. */
export default function OrderInfoCaiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const order = useGatedTaskOrder();
  const { id } = order;
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
      <GatedTaskOrder order={order}>
        {(o, data) => (
          <>
            <OrderSummary order={o} />
            <PhotoTable order={o} details={data.orderDetails} />
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
          </>
        )}
      </GatedTaskOrder>
    </Card>
  );
}
