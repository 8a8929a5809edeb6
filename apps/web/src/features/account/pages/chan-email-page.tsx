import { Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATTERNS } from '@portal/contract/validation';
import { CodeField } from '../../../components/code-field.tsx';
import { CaptchaField, useFormCaptcha } from '../../../components/captcha.tsx';
import { setSession } from '../../../lib/session.ts';
import { sendMailChangeCode, updateMail, useMemberInfo } from '../api.ts';
import { useMemberSave } from '../components/use-member-save.ts';
import { ContactChangeCard } from '../components/contact-change-card.tsx';
import { differs, mailCodeRules, mailRules } from '../../../components/form-rules.ts';

/**
 * Change e-mail: a code to the new address, which must differ from the old one once that is proven;
 * an address never proven may be proven here as it is.
 */
export default function ChanEmailPage() {
  const { t } = useTranslation();
  const q = useMemberInfo();
  const [form] = Form.useForm<{ mail: string; imageCode: string; code: string }>();
  const { busy, save } = useMemberSave();
  // Only a proven address is "the same as the old one"; an unproven one may be proven again.
  const old = q.data?.mailVerified ? q.data.mail : undefined;
  const captcha = useFormCaptcha(form);

  const send = async () => {
    const mail = String(form.getFieldValue('mail') ?? '').trim();
    if (!PATTERNS.mail.test(mail)) {
      await form.validateFields(['mail']).catch(() => undefined);
      return false;
    }
    if (old && mail.toLowerCase() === old.toLowerCase()) {
      void message.error(t('msg.mail.sameAsOld'), 1);
      return false;
    }
    // Sent or refused, this picture is spent: the next code needs a new one.
    return captcha.sendCode('msg.code.needMailAndImage', (imageCode, imageToken) =>
      sendMailChangeCode({ mail, imageCode, imageToken }),
    );
  };

  const submit = (v: { mail: string; code: string }) =>
    save(
      () => updateMail({ mail: v.mail.trim(), code: v.code.trim() }),
      () => {
        setSession('mail', v.mail.trim().toLowerCase());
        form.resetFields();
      },
    );

  return (
    <ContactChangeCard
      title={t('account.mailTitle')}
      currentLabel={t('account.currentMail')}
      current={q.data?.mail ?? ''}
      query={q}
      form={form}
      onSubmit={(v) => void submit(v)}
      busy={busy}
    >
      <Form.Item
        name="mail"
        label={t('account.newMail')}
        rules={[...mailRules(t), differs(old, t('msg.mail.sameAsOld'))]}
      >
        <Input maxLength={100} autoComplete="email" />
      </Form.Item>
      <CaptchaField captcha={captcha} label={t('account.imageCode')} />
      <CodeField name="code" label={t('account.mailCode')} rules={mailCodeRules(t)} onSend={send} />
    </ContactChangeCard>
  );
}
