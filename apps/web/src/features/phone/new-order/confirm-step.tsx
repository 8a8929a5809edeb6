import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { shippingComplete } from '@portal/contract/orders';
import { phonePaths } from '../paths.ts';
import { PhoneQueryState } from '../shell/phone-query-state.tsx';
import { toastFail } from '../phone-toast.ts';
import { useOrder } from './api.ts';
import { clearDraft } from './draft.ts';

/** The order as the server has it (people, delivery, the server's price), then on to the phone's payment page. */
export function ConfirmStep({ orderId, onBack }: { orderId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useOrder(orderId);
  if (!q.isSuccess) return <PhoneQueryState query={q} />;
  const { order: o, orderDetails } = q.data;
  const pay = () => {
    if (Number(o.payTotal) === 0 || !orderDetails.length) return toastFail(t('msg.order.empty'));
    if (!shippingComplete(o)) {
      toastFail(t('msg.order.shippingMissing'));
      return onBack();
    }
    clearDraft();
    navigate(phonePaths.pay(orderId));
  };
  return (
    <section className="phone-card" aria-labelledby="confirm-h">
      <h2 id="confirm-h" className="phone-section-title" style={{ marginTop: 0 }}>
        {t('orders.confirm.title')}
      </h2>
      <p className="phone-muted">
        {t('orders.info.orderNo')} {o.orderNo}
      </p>
      <h3 className="phone-form-label">{t('phone.new.people')}</h3>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {orderDetails.map((d) => (
          <li key={d.id} className="new-order-person" data-testid="confirm-person">
            {d.picUrl && <img src={d.picUrl} alt="" />}
            <div>
              <div style={{ fontWeight: 600 }}>{d.name}</div>
              <div className="phone-muted">
                {d.schoolName} · {d.studentId}
              </div>
              {d.mobile && <div className="phone-muted">{d.mobile}</div>}
            </div>
          </li>
        ))}
      </ul>
      <h3 className="phone-form-label" style={{ marginTop: 12 }}>
        {t('phone.new.shipTo')}
      </h3>
      <p style={{ marginTop: 0 }} data-testid="confirm-address">
        {o.shippingReceiveName} {o.shippingReceiveMobile}
        <br />
        {o.shippingProvinceName} {o.shippingCityName} {o.shippingDistrictName} {o.shippingAddress}
      </p>
      <p>
        {t('orders.info.unitPrice')}: {t('orders.info.yuan', { v: o.unitPrice })}
        <br />
        {t('orders.info.total')}: <strong data-testid="order-total">{t('orders.info.yuan', { v: o.payTotal })}</strong>
      </p>
      <div className="new-order-footer">
        <Button block color="primary" size="large" onClick={pay}>
          {t('orders.confirm.pay')}
        </Button>
        <Button block size="large" onClick={onBack}>
          {t('orders.confirm.prev')}
        </Button>
      </div>
    </section>
  );
}
