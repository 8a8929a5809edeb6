import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { toastOk } from '../phone-toast.ts';

/**
 * Work that stays on a computer (reprint binding, mobile and e-mail changes, deactivation): the
 * note says so and offers the address to copy (document 1: 请使用电脑浏览器访问).
 */
export default function DesktopOnlyPage() {
  const { t } = useTranslation();
  const address = `${window.location.origin}/home`;
  return (
    <>
      <h1 className="phone-title">{t('phone.title')}</h1>
      <div className="phone-card">
        <p style={{ marginTop: 0 }}>{t('phone.desktop.body')}</p>
        <ul className="phone-muted" style={{ paddingInlineStart: 20 }}>
          <li>{t('phone.desktop.reprint')}</li>
          <li>{t('phone.desktop.account')}</li>
          <li>{t('phone.desktop.deactivate')}</li>
        </ul>
        <p style={{ wordBreak: 'break-all', fontWeight: 600 }}>{address}</p>
        <Button
          block
          color="primary"
          onClick={() => void navigator.clipboard?.writeText(address).then(() => toastOk(t('phone.copied')))}
        >
          {t('phone.copy')}
        </Button>
      </div>
    </>
  );
}
