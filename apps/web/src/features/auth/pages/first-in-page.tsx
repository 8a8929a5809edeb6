import { useState } from 'react';
import { Button, Card, Form, Input, Typography, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { announceSessionChange, getSession, setSession } from '../../../lib/session.ts';
import { takeReturnPath } from '../../../lib/member-info.ts';
import { completeProfile } from '../api.ts';
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
    <div className="auth-wrap">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
          {t('firstIn.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('firstIn.intro')}</Typography.Paragraph>
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
      </Card>
    </div>
  );
}
