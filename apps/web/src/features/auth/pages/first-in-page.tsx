import { useState } from 'react';
import { Button, Form, Input, message } from 'antd';
import { PATTERNS } from '@portal/contract/validation';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { announceSessionChange, getSession, setSession } from '../../../lib/session.ts';
import { takeReturnPath } from '../../../lib/member-info.ts';
import { completeProfile, sendProfileMailCode } from '../api.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { CodeField } from '../../../components/code-field.tsx';
import { CaptchaField, useFormCaptcha } from '../../../components/captcha.tsx';
import { mailCodeRules, mailRules, nameRules } from '../../../components/form-rules.ts';

type Values = { name: string; mail: string; imageCode: string; mailCode: string };

/**
 * First-time profile: name and e-mail, the address proven by the code sent to it (an address is
 * attached to an account only once its code was entered); the member is confined here until it is done.
 */
export default function FirstInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const captcha = useFormCaptcha(form);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const mail = String(form.getFieldValue('mail') ?? '').trim();
    if (!PATTERNS.mail.test(mail)) {
      await form.validateFields(['mail']).catch(() => undefined);
      return false;
    }
    return captcha.sendCode('msg.code.needMailAndImage', (imageCode, imageToken) =>
      sendProfileMailCode({ mail, imageCode, imageToken }),
    );
  };
  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const env = await completeProfile({ name: v.name.trim(), mail: v.mail.trim(), mailCode: v.mailCode.trim() });
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
        form={form}
        name="first-in"
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
        <CaptchaField captcha={captcha} label={t('login.imageCode')} placeholder={t('login.imageCodePlaceholder')} />
        <CodeField name="mailCode" label={t('select.mailCode')} rules={mailCodeRules(t)} onSend={send} />
        <Button type="primary" htmlType="submit" block disabled={busy}>
          {t('common.save')}
        </Button>
      </Form>
    </AuthCard>
  );
}
