import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../../components/page-placeholder.tsx';

export default function CollectionCenterPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('page.collection-center')} />;
}
