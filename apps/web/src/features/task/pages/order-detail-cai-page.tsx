import { Breadcrumb, Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  canAddPerson,
  canDownloadPhoto,
  canEditPhoto,
  canEditShipping,
  canModify,
  canPay,
  showsPaymentInfo,
} from '@portal/contract/order-states';
import { QueryState } from '../../../components/query-state.tsx';
import { OrderTimeline } from '../../../components/order-timeline/order-timeline.tsx';
import { OrderPhotoIssues } from '../../../components/order-photo-issues/order-photo-issues.tsx';
import { orderIdFrom, useTaskOrder } from '../api.ts';
import { useLoginGate } from '../components/login-gate.tsx';
import { LogisticsBlock, OrderSummary, PaymentBlock, PhotoTable } from '../components/order-view.tsx';
import { PersonModifyButton } from '../components/person-modify.tsx';
import { ShippingModifyButton } from '../components/shipping-modify.tsx';

/** /home/orderDetailCai (orderId, type, con): detail (con=xiangqing) or modify (con=xiugai). */
export default function OrderDetailCaiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const modifyMode = search.get('con') === 'xiugai';
  const gate = useLoginGate();
  const q = useTaskOrder(gate.loggedIn ? id : 0);
  const o = q.data?.order;
  const crumb = t(modifyMode ? 'task.breadModify' : 'task.breadDetail');
  return (
    <Card>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to="/home">{t('task.breadHome')}</Link> },
          { title: <Link to="/home/myOrderCai">{t('task.breadOrders')}</Link> },
          { title: crumb },
        ]}
      />
      <h1 style={{ fontSize: 22 }}>{crumb}</h1>
      {!gate.loggedIn ? (
        <Button onClick={() => gate.ensure()}>{t('layout.loginRegister')}</Button>
      ) : (
        <QueryState loading={q.isLoading} error={q.error} empty={!o} onRetry={() => void q.refetch()}>
          {o && q.data && (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <OrderPhotoIssues orderId={o.id} />
              <OrderSummary order={o} />
              <LogisticsBlock
                order={o}
                action={
                  modifyMode && canEditShipping(o) ? (
                    <ShippingModifyButton order={o} onDone={() => void q.refetch()} />
                  ) : undefined
                }
              />
              {showsPaymentInfo(o) && <PaymentBlock order={o} />}
              <Card
                size="small"
                title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('task.photos')}</h2>}
                extra={
                  modifyMode && canAddPerson(o) ? (
                    <Button onClick={() => navigate('/home/collectFirst')}>{t('task.addPhoto')}</Button>
                  ) : undefined
                }
              >
                <PhotoTable
                  order={o}
                  details={q.data.orderDetails}
                  download={!modifyMode && canDownloadPhoto(o)}
                  action={
                    modifyMode && canEditPhoto(o) && canModify(o)
                      ? (d) => <PersonModifyButton detail={d} onDone={() => void q.refetch()} />
                      : undefined
                  }
                />
              </Card>
              {canPay(o) && modifyMode && (
                <Button type="primary" onClick={() => navigate(`/home/payOrderCai?orderId=${o.id}`)}>
                  {t('task.payNow')}
                </Button>
              )}
              <OrderTimeline orderId={o.id} />
            </Space>
          )}
        </QueryState>
      )}
      {gate.dialog}
    </Card>
  );
}
