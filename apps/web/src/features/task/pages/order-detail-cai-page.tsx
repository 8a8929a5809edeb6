import { Breadcrumb, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  canAddPerson,
  canDownloadPhoto,
  canEditPhoto,
  canModify,
  canPay,
  showsPaymentInfo,
} from '@portal/contract/order-states';
import { OrderTimeline } from '../../../components/order-timeline/order-timeline.tsx';
import { OrderPhotoIssues } from '../../../components/order-photo-issues/order-photo-issues.tsx';
import { GatedTaskOrder, useGatedTaskOrder } from '../components/gated-task-order.tsx';
import { LogisticsBlock, OrderSummary, PaymentBlock, PhotoTable } from '../components/order-view.tsx';
import { PersonModifyButton } from '../components/person-modify.tsx';

/** /home/orderDetailCai (orderId, type, con): detail (con=xiangqing) or modify (con=xiugai). */
export default function OrderDetailCaiPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const order = useGatedTaskOrder();
  const { search, q } = order;
  const modifyMode = search.get('con') === 'xiugai';
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
      <GatedTaskOrder order={order}>
        {(o, data) => (
          <>
            <OrderPhotoIssues orderId={o.id} />
            <OrderSummary order={o} />
            <LogisticsBlock order={o} onModified={modifyMode ? () => void q.refetch() : undefined} />
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
                details={data.orderDetails}
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
          </>
        )}
      </GatedTaskOrder>
    </Card>
  );
}
