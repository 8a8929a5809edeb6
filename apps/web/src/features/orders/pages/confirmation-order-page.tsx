import { Button, Space, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shippingComplete } from '@portal/contract/orders';
import { QueryPage } from '../../../components/query-page.tsx';
import { OrderPhotoTable } from '../../../components/order-photo-table/order-photo-table.tsx';
import { useAddressedOrder } from '../api.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { OrderPhotoIssues, usePhotoIssues } from '../../../components/order-photo-issues/order-photo-issues.tsx';

/** /home/submitPhoto/confirmationOrder?id: read-only review, modify link, previous, confirm to the payment page. */
export default function ConfirmationOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, q } = useAddressedOrder();
  const info = `/home/submitPhoto/orderInfo?id=${id}`;
  // One face for several students: the server refuses to pay, so the button waits until the photos are fixed.
  const issues = usePhotoIssues(id);
  const sameFace = (issues.data?.sameFace.length ?? 0) > 0;

  const confirm = () => {
    const o = q.data?.order;
    if (!o || Number(o.payTotal) === 0 || !q.data?.orderDetails.length)
      return void message.error(t('msg.order.empty'), 1);
    if (!shippingComplete(o)) {
      void message.error(t('msg.order.shippingMissing'), 1);
      return navigate(info);
    }
    navigate(`/home/submitPhoto/completionPayment?id=${id}&type=1`);
  };

  return (
    <QueryPage title={t('orders.confirm.title')} query={q}>
      {(data) => (
        <>
          <OrderPhotoIssues orderId={id} />
          <OrderSummary order={data.order} logisticsExtra={<Link to={info}>{t('orders.confirm.modify')}</Link>} />
          <OrderPhotoTable rows={data.orderDetails} />
          <Space style={{ marginTop: 16 }}>
            <Button onClick={() => navigate(info)}>{t('orders.confirm.prev')}</Button>
            <Button type="primary" onClick={confirm} disabled={sameFace || issues.isLoading}>
              {t('orders.confirm.pay')}
            </Button>
          </Space>
        </>
      )}
    </QueryPage>
  );
}
