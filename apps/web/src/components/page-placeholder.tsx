import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A titled placeholder for a route whose screen a later issue builds. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        status="info"
        title={<h1 style={{ fontSize: 22, margin: 0 }}>{title}</h1>}
        subTitle={t('common.placeholderBody')}
      />
    </Card>
  );
}
