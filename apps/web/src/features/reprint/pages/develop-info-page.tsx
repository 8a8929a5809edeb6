import { Button, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { QueryPage } from '../../../components/query-page.tsx';
import { ShippingForm, type ShippingValues } from '../../../components/shipping-form/shipping-form.tsx';
import { reprintKeys, updateWashShipping, useAddressedWashOrder } from '../api.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { ReprintNotes } from '../components/reprint-notes.tsx';

/** /developOrder and /developInfo: order number, items, carrier choice and receiver form; next -> /developConfirm. */
export default function DevelopInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id, q } = useAddressedWashOrder();

  /** Saves the receiver (updateShipping, reprints editable at 110 or 120), then the review. */
  const next = async (values: ShippingValues) => {
    try {
      await updateWashShipping(id, values);
      void message.success(t('reprint.order.saved'), 1);
      await qc.invalidateQueries({ queryKey: reprintKeys.order(id) });
      navigate(`/developConfirm?id=${id}`);
    } catch {
      // the client showed the server's message
    }
  };

  return (
    <QueryPage title={t('reprint.order.title')} notes={<ReprintNotes />} query={q}>
      {(data) => (
        <>
          <OrderSummary data={data} />
          <h2 style={{ fontSize: 16 }}>{t('reprint.order.shipping')}</h2>
          <ShippingForm
            initial={data.shippingInfo}
            onSubmit={next}
            submitText={t('reprint.order.next')}
            extra={<Button onClick={() => navigate('/developFilms')}>{t('reprint.order.prev')}</Button>}
          />
        </>
      )}
    </QueryPage>
  );
}
