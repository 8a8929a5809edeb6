import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { canEditShipping, canModify, canPay } from '@portal/contract/order-states';
import { QueryState } from '../../../components/query-state.tsx';
import { orderIdFrom, useTaskOrder } from '../api.ts';
import { useLoginGate } from '../components/login-gate.tsx';
import { LogisticsBlock, OrderSummary, PhotoTable } from '../components/order-view.tsx';
import { PersonModifyButton } from '../components/person-modify.tsx';
import { ShippingModifyButton } from '../components/shipping-modify.tsx';

/** /home/confirmOrderCai (review, then pay) and /home/ConfirmOrderCai?con=xiugai (modify a person). */
export default function ConfirmOrderCaiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const modify = search.get('con') === 'xiugai';
  const gate = useLoginGate();
  const q = useTaskOrder(gate.loggedIn ? id : 0);
  const o = q.data?.order;
  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t(modify ? 'task.modifyTitle' : 'task.confirmTitle')}</h1>
      {!gate.loggedIn ? (
        <Button onClick={() => gate.ensure()}>{t('layout.loginRegister')}</Button>
      ) : (
        <QueryState loading={q.isLoading} error={q.error} empty={!o} onRetry={() => void q.refetch()}>
          {o && q.data && (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <OrderSummary order={o} />
              <PhotoTable
                order={o}
                details={q.data.orderDetails}
                action={
                  modify && canModify(o)
                    ? (d) => <PersonModifyButton detail={d} onDone={() => void q.refetch()} />
                    : undefined
                }
              />
              <LogisticsBlock
                order={o}
                action={
                  modify && canEditShipping(o) ? (
                    <ShippingModifyButton order={o} onDone={() => void q.refetch()} />
                  ) : undefined
                }
              />
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
            </Space>
          )}
        </QueryState>
      )}
      {gate.dialog}
    </Card>
  );
}
