import { Button, Descriptions, Space, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { shippingComplete } from '@portal/contract/orders';
import {
  REPRINT_DISC_FEN,
  REPRINT_POSTAGE_FEN,
  REPRINT_SHEET_FEN,
  fenToYuan,
  yuanLabel,
} from '@portal/contract/prices';
import type { WashOrder } from '@portal/contract/reprint';
import { QueryPage } from '../../../components/query-page.tsx';
import { OrderTimeline } from '../../../components/order-timeline/order-timeline.tsx';
import { useAddressedWashOrder } from '../api.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { ReprintNotes } from '../components/reprint-notes.tsx';

/** /developConfirm: review; quantity edit at 110, logistics edit at 110 or 120; confirm pay -> completionPayment type 2. */
export default function DevelopConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, q } = useAddressedWashOrder();

  const pay = (o: WashOrder) => {
    if (!shippingComplete(o)) {
      void message.error(t('msg.order.shippingMissing'), 1);
      navigate(`/developInfo?id=${id}`);
      return;
    }
    navigate(`/home/submitPhoto/completionPayment?id=${id}&type=2`);
  };

  const none = t('reprint.confirm.none');
  return (
    <QueryPage title={t('reprint.confirm.title')} notes={<ReprintNotes />} query={q}>
      {(data) => {
        const o = data.order;
        return (
          <>
            <OrderSummary data={data} />
            <Breakdown order={o} />
            {o.canEditQuantity && (
              <p>
                <Link to={`/developModify?id=${id}`}>{t('reprint.confirm.editQuantity')}</Link>
              </p>
            )}
            <h2 style={{ fontSize: 16 }}>{t('reprint.order.shipping')}</h2>
            <Descriptions bordered size="small" column={1} style={{ maxWidth: 640, marginBottom: 8 }}>
              <Descriptions.Item label={t('reprint.confirm.carrier')}>{o.shippingTypeName || none}</Descriptions.Item>
              <Descriptions.Item label={t('reprint.confirm.receiver')}>
                <span data-testid="confirm-receiver">{o.shippingReceiveName || none}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('reprint.confirm.phone')}>
                {o.shippingReceiveMobile || none}
              </Descriptions.Item>
              <Descriptions.Item label={t('reprint.confirm.address')}>
                {[o.shippingProvinceName, o.shippingCityName, o.shippingDistrictName, o.shippingAddress]
                  .filter(Boolean)
                  .join(' ') || none}
              </Descriptions.Item>
            </Descriptions>
            {o.canEditShipping && (
              <p>
                <Link to={`/home/orderModify?id=${id}&type=wuliu`}>{t('reprint.confirm.editShipping')}</Link>
              </p>
            )}
            <Space style={{ marginTop: 16 }}>
              {o.canPay && <Button onClick={() => navigate(`/developInfo?id=${id}`)}>{t('reprint.order.prev')}</Button>}
              {o.canPay && (
                <Button type="primary" onClick={() => pay(o)}>
                  {t('reprint.confirm.pay')}
                </Button>
              )}
              {!o.canPay && <Link to="/home/myRollOder">{t('reprint.list.title')}</Link>}
            </Space>
            <div style={{ marginTop: 16 }}>
              <OrderTimeline orderId={id} />
            </div>
          </>
        );
      }}
    </QueryPage>
  );
}

/** What the total is made of (sheets x 10, postage 20, disc 10: the contract's prices); the total is the server's. */
function Breakdown({ order: o }: { order: WashOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      title={t('breakdown.title')}
      style={{ maxWidth: 640, marginBottom: 16 }}
      data-testid="reprint-breakdown"
    >
      <Descriptions.Item label={t('breakdown.sheets', { n: o.num, unit: fenToYuan(REPRINT_SHEET_FEN) })}>
        {yuanLabel(o.num * REPRINT_SHEET_FEN)}
      </Descriptions.Item>
      <Descriptions.Item label={t('breakdown.postage')}>{yuanLabel(REPRINT_POSTAGE_FEN)}</Descriptions.Item>
      {o.dist === 1 && <Descriptions.Item label={t('breakdown.disc')}>{yuanLabel(REPRINT_DISC_FEN)}</Descriptions.Item>}
      <Descriptions.Item label={t('breakdown.total')}>
        <strong>¥{o.payTotal}</strong>
      </Descriptions.Item>
    </Descriptions>
  );
}
