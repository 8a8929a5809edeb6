import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

export default function MyOrderCaiPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('page.my-order-cai')} />;
}
