import { Button, Result, Typography, message } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLang, currentLang } from '../../../lib/i18n.ts';

/** Phones land here, outside the layout: the portal needs a desktop browser. */
export default function PhoneModifyPage() {
  const { t } = useTranslation();
  const address = `${window.location.origin}/home`;
  return (
    <main style={{ padding: '48px 20px', maxWidth: 520, margin: '0 auto' }}>
      <Result
        icon={<DesktopOutlined />}
        title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('phone.title')}</h1>}
        subTitle={t('phone.body')}
        extra={[
          <Typography.Paragraph key="addr" copyable={false} strong style={{ fontSize: 16, wordBreak: 'break-all' }}>
            {address}
          </Typography.Paragraph>,
          <Button
            key="copy"
            type="primary"
            onClick={() => {
              void navigator.clipboard?.writeText(address).then(() => message.success(t('phone.copied'), 1));
            }}
          >
            {t('phone.copy')}
          </Button>,
          <Button key="lang" type="link" onClick={() => setLang(currentLang() === 'zh' ? 'en' : 'zh')}>
            {t('layout.language')}
          </Button>,
        ]}
      />
    </main>
  );
}
