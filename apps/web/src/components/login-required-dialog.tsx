import { useEffect } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setSession } from '../lib/session.ts';
import { useCountdown } from '../lib/use-countdown.ts';

/**
 * The not-logged-in dialog with its 3-second countdown to /login (document 1,
 * section 2). `reopen` names the dialog to reopen after login (kept in `backhome`).
 */
export function LoginRequiredDialog(props: {
  open: boolean;
  onClose: () => void;
  variant?: 'action' | 'photo';
  reopen?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goLogin = () => {
    setSession('url', window.location.pathname + window.location.search);
    if (props.reopen) setSession('backhome', props.reopen);
    props.onClose();
    navigate('/login');
  };
  const { left, start } = useCountdown(goLogin);
  useEffect(() => {
    if (props.open) start(3);
    else start(0);
  }, [props.open, start]);
  return (
    <Modal
      open={props.open}
      title={t('loginDialog.title')}
      onCancel={props.onClose}
      onOk={goLogin}
      okText={t('loginDialog.goNow')}
      cancelText={t('common.cancel')}
    >
      <p>{t(props.variant === 'photo' ? 'msg.login.requiredForPhoto' : 'msg.login.required')}</p>
      <p style={{ color: '#888' }}>{t('loginDialog.countdown', { n: left })}</p>
    </Modal>
  );
}
