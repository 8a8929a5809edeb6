import { Button, Descriptions, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { canAddPerson, canEditPhoto, canEditShipping } from '@portal/contract/order-states';
import { MAX_PERSONS_PER_ORDER } from '@portal/contract/prices';
import { QueryPage } from '../../../components/query-page.tsx';
import { ShippingForm } from '../../../components/shipping-form/shipping-form.tsx';
import { orderKeys, updateShipping, useAddressedOrder } from '../api.ts';
import { OrderLines } from '../components/order-lines.tsx';

/** /home/submitPhoto/orderInfo?id: lines with edit and delete, add photo, unit price and total, delivery form, next. */
export default function OrderInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id, q } = useAddressedOrder();

  const add = () => {
    if ((q.data?.orderDetails.length ?? 0) >= MAX_PERSONS_PER_ORDER) return void message.error(t('msg.order.max30'), 1);
    navigate(`/home/submitPhoto/uploadPhoto?id=${id}`);
  };

  return (
    <QueryPage title={t('orders.info.title')} query={q}>
      {(data) => {
        const o = data.order;
        const facts = { kind: 'individual' as const, state: o.state };
        return (
          <>
            <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('orders.info.orderNo')}>{o.orderNo}</Descriptions.Item>
              <Descriptions.Item label={t('orders.info.unitPrice')}>
                {t('orders.info.yuan', { v: o.unitPrice })}
              </Descriptions.Item>
              <Descriptions.Item label={t('orders.info.total')}>
                <strong data-testid="order-total">{t('orders.info.yuan', { v: o.payTotal })}</strong>
              </Descriptions.Item>
            </Descriptions>
            <OrderLines data={data} canEdit={canEditPhoto(facts)} canDelete={canAddPerson(facts)} />
            {canAddPerson(facts) && (
              <Button style={{ margin: '12px 0' }} onClick={add}>
                {t('orders.info.addPhoto')}
              </Button>
            )}
            <h2 style={{ fontSize: 18 }}>{t('orders.info.shipping')}</h2>
            <ShippingForm
              initial={data.shippingInfo}
              disabled={!canEditShipping(facts)}
              submitText={t('orders.info.next')}
              onSubmit={async (s) => {
                if (!data.orderDetails.length) return void message.error(t('msg.order.atLeastOnePhoto'), 1);
                await updateShipping(id, s);
                await qc.invalidateQueries({ queryKey: orderKeys.order(id) });
                navigate(`/home/submitPhoto/confirmationOrder?id=${id}`);
              }}
            />
          </>
        );
      }}
    </QueryPage>
  );
}
