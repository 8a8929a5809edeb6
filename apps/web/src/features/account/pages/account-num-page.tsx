import { useState } from 'react';
import { Form, Input, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskMobile } from '@portal/contract/validation';
import { CaptchaField, useFormCaptcha } from '../../../components/captcha.tsx';
import { CodeField } from '../../../components/code-field.tsx';
import { announceSessionChange, clearSession } from '../../../lib/session.ts';
import { sendMobileChangeCode, updateMobile, useMemberInfo } from '../api.ts';
import { ContactChangeCard } from '../components/contact-change-card.tsx';
import { differs, imageCodeRules, mobileForCode, mobileRules, smsCodeRules } from '../../../components/form-rules.ts';

interface Values {
  mobile: string;
  imageCode: string;
  code: string;
}

/** Change mobile: new number, captcha, SMS to the new number; then logged out everywhere. */
export default function AccountNumPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const q = useMemberInfo();
  const [form] = Form.useForm<Values>();
  const captcha = useFormCaptcha(form);
  const [busy, setBusy] = useState(false);
  const old = q.data?.mobile;

  const send = async () => {
    const mobile = mobileForCode(form, t, (m) => void message.error(m, 1));
    if (!mobile) return false;
    if (mobile === old) {
      void message.error(t('msg.mobile.sameAsOld'), 1);
      return false;
    }
    // This picture pays for the code and still serves the change itself.
    return captcha.sendCode(
      'msg.code.needMobileAndImage',
      (imageCode, imageToken) => sendMobileChangeCode({ mobile, imageCode, imageToken }),
      { keep: true },
    );
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const env = await updateMobile({
        mobile: v.mobile.trim(),
        code: v.code.trim(),
        imageCode: v.imageCode.trim(),
        imageToken: captcha.token,
      });
      void message.success(env.msg || t('msg.ok.modified'), 2);
      // A new mobile ends every session: log in again with it.
      clearSession();
      announceSessionChange();
      navigate('/login', { replace: true });
    } catch {
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  return (
    <ContactChangeCard
      title={t('account.mobileTitle')}
      intro={t('account.mobileIntro')}
      currentLabel={t('account.currentMobile')}
      current={maskMobile(old)}
      query={q}
      form={form}
      onSubmit={(v) => void submit(v)}
      busy={busy}
    >
      <Form.Item
        name="mobile"
        label={t('account.newMobile')}
        rules={[...mobileRules(t), differs(old, t('msg.mobile.sameAsOld'))]}
      >
        <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <CaptchaField captcha={captcha} label={t('account.imageCode')} rules={imageCodeRules(t)} />
      <CodeField name="code" label={t('account.smsCode')} rules={smsCodeRules(t)} onSend={send} />
    </ContactChangeCard>
  );
}
