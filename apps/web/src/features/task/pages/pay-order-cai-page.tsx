import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PaymentPanel } from '../../../components/payment-panel/payment-panel.tsx';
import { OrderProduct } from '../../../components/order-product.tsx';
import { orderIdFrom } from '../api.ts';
import { useLoginGate } from '../components/login-gate.tsx';

/** /home/payOrderCai (orderId): the shared payment panel; it ends at 116 and goes to the list. */
export default function PayOrderCaiPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const gate = useLoginGate();
  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('task.payTitle')}</h1>
      {gate.loggedIn && <OrderProduct kind="task" />}
      {gate.loggedIn ? (
        <PaymentPanel orderId={id} kind="task" />
      ) : (
        <Button onClick={() => gate.ensure()}>{t('layout.loginRegister')}</Button>
      )}
      {gate.dialog}
    </Card>
  );
}
