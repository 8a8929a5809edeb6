import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

export default function ChanEmailPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('page.chan-email')} />;
}
