import { useState } from 'react';
import { Button, Form, Input, Space, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskMobile, PATTERNS } from '@portal/contract/validation';
import { QueryState } from '../../../components/query-state.tsx';
import { CaptchaImage, captchaAnswer, useCaptcha } from '../../../components/captcha.tsx';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { announceSessionChange, clearSession } from '../../../lib/session.ts';
import { sendMobileChangeCode, updateMobile, useMemberInfo } from '../api.ts';
import { AccountCard } from '../components/account-card.tsx';
import { differs, imageCodeRules, mobileRules, smsCodeRules } from '../components/rules.ts';

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
  const captcha = useCaptcha();
  const [busy, setBusy] = useState(false);
  const old = q.data?.mobile;

  const newCaptcha = () => {
    form.setFieldValue('imageCode', '');
    void captcha.refresh();
  };

  const send = async () => {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    const imageCode = String(form.getFieldValue('imageCode') ?? '').trim();
    if (!mobile || !imageCode) {
      void message.error(t('msg.code.needMobileAndImage'), 1);
      return false;
    }
    if (!PATTERNS.mobile.test(mobile)) {
      void message.error(t('msg.mobile.invalid'), 1);
      return false;
    }
    if (mobile === old) {
      void message.error(t('msg.mobile.sameAsOld'), 1);
      return false;
    }
    if (!captchaAnswer(form, captcha, t, (m) => void message.error(m, 1), 'msg.code.needMobileAndImage', newCaptcha))
      return false;
    try {
      await sendMobileChangeCode({ mobile, imageCode, imageToken: captcha.token });
      // This picture paid for the code; it still serves the change itself.
      captcha.markSpent();
      void message.success(t('msg.code.sent'), 1);
      return true;
    } catch {
      newCaptcha();
      return false;
    }
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
      newCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard title={t('account.mobileTitle')} intro={t('account.mobileIntro')}>
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
          <Form.Item label={t('account.imageCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="imageCode" noStyle rules={imageCodeRules(t)}>
                <Input maxLength={4} autoComplete="off" aria-label={t('account.imageCode')} />
              </Form.Item>
              <CaptchaImage image={captcha.image} onRefresh={newCaptcha} />
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('account.smsCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={smsCodeRules(t)}>
                <Input
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  aria-label={t('account.smsCode')}
                />
              </Form.Item>
              <SendCodeButton onSend={send} />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={busy} block>
            {t('common.submit')}
          </Button>
        </Form>
      </QueryState>
    </AccountCard>
  );
}
