import { useState } from 'react';
import { Button, Form, Input, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskMobile } from '@portal/contract/validation';
import { QueryState } from '../../../components/query-state.tsx';
import { CaptchaField, useFormCaptcha } from '../../../components/captcha.tsx';
import { CodeField } from '../../../components/code-field.tsx';
import { announceSessionChange, clearSession } from '../../../lib/session.ts';
import { sendMobileChangeCode, updateMobile, useMemberInfo } from '../api.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
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
    <AuthCard title={t('account.mobileTitle')} intro={t('account.mobileIntro')}>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        <p>
          {t('account.currentMobile')}: <strong>{maskMobile(old) || '—'}</strong>
        </p>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item
            name="mobile"
            label={t('account.newMobile')}
            rules={[...mobileRules(t), differs(old, t('msg.mobile.sameAsOld'))]}
          >
            <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
          <CaptchaField captcha={captcha} label={t('account.imageCode')} rules={imageCodeRules(t)} />
          <CodeField name="code" label={t('account.smsCode')} rules={smsCodeRules(t)} onSend={send} />
          <Button type="primary" htmlType="submit" disabled={busy} block>
            {t('common.submit')}
          </Button>
        </Form>
      </QueryState>
    </AuthCard>
  );
}
