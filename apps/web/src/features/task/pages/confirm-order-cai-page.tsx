import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canModify, canPay } from '@portal/contract/order-states';
import { GatedTaskOrder, useGatedTaskOrder } from '../components/gated-task-order.tsx';
import { LogisticsBlock, OrderSummary, PhotoTable } from '../components/order-view.tsx';
import { PersonModifyButton } from '../components/person-modify.tsx';

/** /home/confirmOrderCai (review, then pay) and /home/ConfirmOrderCai?con=xiugai (modify a person). */
export default function ConfirmOrderCaiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const order = useGatedTaskOrder();
  const { search, id, q } = order;
  const modify = search.get('con') === 'xiugai';
  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t(modify ? 'task.modifyTitle' : 'task.confirmTitle')}</h1>
      <GatedTaskOrder order={order}>
        {(o, data) => (
          <>
            <OrderSummary order={o} />
            <PhotoTable
              order={o}
              details={data.orderDetails}
              action={
                modify && canModify(o)
                  ? (d) => <PersonModifyButton detail={d} onDone={() => void q.refetch()} />
                  : undefined
              }
            />
            <LogisticsBlock order={o} onModified={modify ? () => void q.refetch() : undefined} />
            <Space>
              {!modify && (
                <Button onClick={() => navigate(`/home/orderInfoCai?orderId=${id}`)}>{t('common.previous')}</Button>
              )}
              {canPay(o) && (
                <Button type="primary" onClick={() => navigate(`/home/payOrderCai?orderId=${id}`)}>
                  {t('task.goPay')}
                </Button>
              )}
              {modify && <Button onClick={() => navigate('/home/myOrderCai')}>{t('common.back')}</Button>}
            </Space>
          </>
        )}
      </GatedTaskOrder>
    </Card>
  );
}
