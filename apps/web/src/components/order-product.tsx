import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_PRODUCT } from '@portal/contract/orders';
import { pick } from '../lib/i18n.ts';

/** What the pay page sells, by order kind: the same name the cashier shows (the payment's subject). */
export function OrderProduct({ kind }: { kind: keyof typeof ORDER_PRODUCT }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph data-testid="pay-product">
      {t('orders.product')}: {pick(ORDER_PRODUCT[kind])}
    </Typography.Paragraph>
  );
}
