import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

export default function OrderDetailCaiPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('page.order-detail-cai')} />;
}
