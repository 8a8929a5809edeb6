import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATE, showsPaymentInfo } from '@portal/contract/order-states';
import type { OrderAnswer } from '@portal/contract/orders';
import { formatChinaTime } from '@portal/contract/time-format';

const none = (v: string | null | undefined, dash: string) => (v ? v : dash);

/** Order info, logistics and (except at 110) payment info of an individual order. */
export function OrderSummary({ order: o, logisticsExtra }: { order: OrderAnswer; logisticsExtra?: React.ReactNode }) {
  const { t } = useTranslation();
  const dash = t('orders.detail.none');
  const address = [o.shippingProvinceName, o.shippingCityName, o.shippingDistrictName, o.shippingAddress]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <Descriptions title={t('orders.detail.info')} size="small" column={2} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('orders.detail.state')}>
          <span data-testid="order-state">{o.stateDesc}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.detail.type')}>{t('orders.detail.typeIndividual')}</Descriptions.Item>
        <Descriptions.Item label={t('orders.info.orderNo')}>{o.orderNo}</Descriptions.Item>
        <Descriptions.Item label={t('orders.my.ctime')}>{formatChinaTime(o.ctime)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.info.unitPrice')}>
          {t('orders.info.yuan', { v: o.unitPrice })}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.info.total')}>{t('orders.info.yuan', { v: o.payTotal })}</Descriptions.Item>
        {o.state === ORDER_STATE.REJECTED && (
          <Descriptions.Item label={t('orders.detail.refuse')} span={2}>
            {none(o.refuseReason, dash)}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Descriptions
        title={t('orders.detail.logistics')}
        extra={logisticsExtra}
        size="small"
        column={2}
        bordered
        style={{ marginBottom: 16 }}
      >
        <Descriptions.Item label={t('orders.detail.carrier')}>{none(o.shippingTypeName, dash)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.detail.waybill')}>{none(o.shippingOrderNo, dash)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.detail.receiver')}>{none(o.shippingReceiveName, dash)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.detail.phone')}>{none(o.shippingReceiveMobile, dash)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.detail.address')} span={2}>
          {none(address, dash)}
        </Descriptions.Item>
      </Descriptions>
      {showsPaymentInfo({ kind: 'individual', state: o.state }) && (
        <Descriptions title={t('orders.detail.payment')} size="small" column={2} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('orders.detail.payType')}>
            {o.payType ? t(`orders.detail.payType.${o.payType}`) : dash}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.detail.payTime')}>
            {o.payTime ? formatChinaTime(o.payTime) : dash}
          </Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}
