import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Dialog, List } from 'antd-mobile';
import { apiPost } from '../../../lib/api/client.ts';
import { announceSessionChange, clearSession, getSession } from '../../../lib/session.ts';
import { phonePaths } from '../paths.ts';
import '../phone-render.ts';

/** Me: who is logged in, the desktop-only account work, and logging out (确认退出吗？). */
export default function PhoneMePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = async () => {
    if (
      !(await Dialog.confirm({
        content: t('msg.confirm.logout'),
        confirmText: t('phone.ok'),
        cancelText: t('phone.cancel'),
      }))
    )
      return;
    await apiPost('/api/login/exit').catch(() => null);
    clearSession();
    announceSessionChange();
    navigate(phonePaths.login, { replace: true });
  };
  return (
    <>
      <h1 className="phone-title">{t('phone.me.title')}</h1>
      <List>
        <List.Item extra={getSession('name') || '—'}>{t('phone.me.name')}</List.Item>
        <List.Item extra={getSession('mobile') || '—'}>{t('phone.me.mobile')}</List.Item>
        <List.Item extra={getSession('mail') || '—'}>{t('phone.me.mail')}</List.Item>
      </List>
      <h2 className="phone-section-title">{t('phone.me.onComputer')}</h2>
      <List>
        <List.Item onClick={() => navigate(phonePaths.desktop)}>{t('phone.desktop.reprint')}</List.Item>
        <List.Item onClick={() => navigate(phonePaths.desktop)}>{t('phone.desktop.account')}</List.Item>
        <List.Item onClick={() => navigate(phonePaths.desktop)}>{t('phone.desktop.deactivate')}</List.Item>
      </List>
      <Button block color="danger" fill="outline" size="large" style={{ marginTop: 24 }} onClick={() => void logout()}>
        {t('phone.me.logout')}
      </Button>
    </>
  );
}
