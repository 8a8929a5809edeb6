import { Typography, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Content editing (banners, notices, news, forms, FAQ, centres, pages, settings): to come. */
export default function ContentPage() {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.content')}</Typography.Title>
      <Result status="info" title={t('console.comingSoon')} />
    </section>
  );
}
