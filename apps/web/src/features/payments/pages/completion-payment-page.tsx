import { Breadcrumb, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PaymentPanel } from '../../../components/payment-panel/payment-panel.tsx';
import { OrderProduct } from '../../../components/order-product.tsx';

/** completionPayment?id&type: type 1 an individual order, type 2 a reprint. */
export default function CompletionPaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const kind = params.get('type') === '2' ? 'reprint' : 'individual';
  return (
    <div style={{ maxWidth: 720, margin: '24px auto', padding: '0 16px' }}>
      <Breadcrumb
        items={[
          { title: <Link to="/home">{t('page.home', { defaultValue: '首页' })}</Link> },
          { title: t('pay.title') },
        ]}
      />
      <Typography.Title level={2} style={{ marginTop: 16 }}>
        {t('pay.title')}
      </Typography.Title>
      <OrderProduct kind={kind} />
      <PaymentPanel orderId={Number.isFinite(id) ? id : 0} kind={kind} />
    </div>
  );
}
