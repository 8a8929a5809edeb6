import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Paper reprints have no adhesive backing; dispatch in about ten days (document 2, sections 1 and 9). */
export function ReprintNotes() {
  const { t } = useTranslation();
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('reprint.notes.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="reprint-notes">
          <li>{t('reprint.notes.noBacking')}</li>
          <li>{t('reprint.notes.dispatch')}</li>
          <li>{t('reprint.notes.price')}</li>
        </ul>
      }
    />
  );
}
