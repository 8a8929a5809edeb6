import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

export default function ConfirmationOrderPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('page.confirmation-order')} />;
}
