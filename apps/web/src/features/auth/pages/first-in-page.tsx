import { useState } from 'react';
import { Button, Form, Input, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { announceSessionChange, getSession, setSession } from '../../../lib/session.ts';
import { takeReturnPath } from '../../../lib/member-info.ts';
import { completeProfile } from '../api.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { mailRules, nameRules } from '../../../components/form-rules.ts';

/** First-time profile: name and e-mail; the member is confined here until it is done. */
export default function FirstInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { name: string; mail: string }) => {
    setBusy(true);
    try {
      const env = await completeProfile({ name: v.name.trim(), mail: v.mail.trim() });
      void message.success(env.msg || t('msg.ok.profileCompleted'), 2);
      setSession('isFirst', false);
      setSession('name', v.name.trim());
      setSession('mail', v.mail.trim().toLowerCase());
      announceSessionChange();
      navigate(takeReturnPath(), { replace: true });
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard centred title={t('firstIn.title')} intro={t('firstIn.intro')}>
      <Form
        layout="vertical"
        initialValues={{ name: getSession('name') ?? '', mail: getSession('mail') ?? '' }}
        onFinish={(v) => void submit(v)}
        requiredMark={false}
      >
        <Form.Item name="name" label={t('select.name')} rules={nameRules(t)}>
          <Input maxLength={50} autoComplete="name" />
        </Form.Item>
        <Form.Item name="mail" label={t('select.mail')} rules={mailRules(t)}>
          <Input maxLength={100} autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={busy}>
          {t('common.save')}
        </Button>
      </Form>
    </AuthCard>
  );
}
