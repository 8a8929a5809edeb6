import { useEffect, useState } from 'react';
import { Button, Result, Typography, message } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { setLang, currentLang } from '../../../lib/i18n.ts';

const TRIED = 'phonePortal.loadTried';

/**
 * /phoneModify inside the desktop bundle: the phone portal is its own page (phone.html, served for
 * /phoneModify/*), so this loads it afresh, once. Where no phone page answers (a build without
 * it, the development server), the address to open on a computer is shown as before.
 */
export default function PhoneModifyPage() {
  const here = window.location.pathname + window.location.search;
  const [handOver] = useState(() => sessionStorage.getItem(TRIED) !== here);
  useEffect(() => {
    if (!handOver) return;
    sessionStorage.setItem(TRIED, here);
    window.location.replace(here);
  }, [handOver, here]);
  return handOver ? null : <DesktopNote />;
}

function DesktopNote() {
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
