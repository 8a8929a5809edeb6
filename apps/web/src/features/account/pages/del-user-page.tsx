import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { announceSessionChange, clearSession } from '../../../lib/session.ts';
import { deactivate, sendLogoutCode } from '../api.ts';
import { AccountCard } from '../components/account-card.tsx';
import { smsCodeRules } from '../components/rules.ts';

/** Deactivate: a confirm, a logout SMS code, then the account is erased and the session ends. */
export default function DelUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    try {
      await sendLogoutCode();
      void message.success(t('msg.code.sent'), 1);
      return true;
    } catch {
      return false;
    }
  };

  const ask = () =>
    Modal.confirm({
      title: t('msg.confirm.deactivate'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => setConfirmed(true),
    });

  const submit = async (v: { code: string }) => {
    setBusy(true);
    try {
      await deactivate(v.code.trim());
      void message.success(t('msg.ok.deactivated'), 2);
      clearSession();
      announceSessionChange();
      navigate('/home', { replace: true });
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard title={t('account.deactivateTitle')}>
      <Alert type="warning" showIcon message={t('account.deactivateWarning')} description={t('account.deactivateDetail')} style={{ marginBottom: 16 }} />
      {!confirmed ? (
        <Button danger type="primary" block onClick={ask}>
          {t('account.deactivateButton')}
        </Button>
      ) : (
        <Form layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item label={t('account.logoutCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={smsCodeRules(t)}>
                <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" aria-label={t('account.logoutCode')} />
              </Form.Item>
              <SendCodeButton onSend={send} />
            </Space.Compact>
          </Form.Item>
          <Button danger type="primary" htmlType="submit" disabled={busy} block>
            {t('account.deactivateSubmit')}
          </Button>
        </Form>
      )}
    </AccountCard>
  );
}
