import { useState } from 'react';
import { Button, Checkbox, Divider, Form, Input, Typography, message } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CaptchaField, useFormCaptcha } from '../../../components/captcha.tsx';
import { CodeField } from '../../../components/code-field.tsx';
import { loginAuth, sendLoginCode, wxLogin } from '../api.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { TermsDialog } from '../components/terms-dialog.tsx';
import { useAfterLogin } from '../components/use-after-login.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { imageCodeRules, mobileForCode, mobileRules, smsCodeRules } from '../../../components/form-rules.ts';

interface Values {
  mobile: string;
  imageCode: string;
  messageCode: string;
  agree: boolean;
}

/** Login: mobile, drawn captcha, SMS code, terms (ticked by default), third-party login. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const captcha = useFormCaptcha(form);
  const { finish, prompt } = useAfterLogin();
  const [termsOpen, setTermsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: settings } = useSettings();

  const send = async () => {
    const mobile = mobileForCode(form, t, (m) => void message.error(m, 1));
    if (!mobile) return false;
    // This picture pays for the code and still serves the login itself.
    return captcha.sendCode(
      'msg.code.needMobileAndImage',
      (imageCode, imageToken) => sendLoginCode({ mobile, imageCode, imageToken }),
      { keep: true },
    );
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const r = await loginAuth({
        mobile: v.mobile.trim(),
        imageCode: v.imageCode.trim(),
        imageToken: captcha.token,
        messageCode: v.messageCode.trim(),
      });
      await finish(r);
    } catch {
      // A failed login refreshes the image code (document 1, section 4).
      captcha.renew();
    } finally {
      setBusy(false);
    }
  };

  const thirdParty = async () => {
    try {
      const { url } = await wxLogin();
      window.location.assign(url);
    } catch {
      // the client has shown the message
    }
  };

  return (
    <AuthCard
      centred
      title={t('login.title')}
      after={
        <>
          <TermsDialog
            open={termsOpen}
            onClose={() => setTermsOpen(false)}
            onAgree={() => form.setFieldValue('agree', true)}
          />
          {prompt}
        </>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ agree: true }}
        onFinish={(v) => void submit(v)}
        requiredMark={false}
      >
        <Form.Item name="mobile" label={t('login.mobile')} rules={mobileRules(t)}>
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" placeholder={t('login.mobilePlaceholder')} />
        </Form.Item>
        <CaptchaField
          captcha={captcha}
          label={t('login.imageCode')}
          placeholder={t('login.imageCodePlaceholder')}
          rules={imageCodeRules(t)}
        />
        <CodeField
          name="messageCode"
          label={t('login.smsCode')}
          placeholder={t('login.smsCodePlaceholder')}
          rules={smsCodeRules(t)}
          onSend={send}
        />
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            { validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('msg.terms.required')))) },
          ]}
        >
          <Checkbox>
            {t('login.agreePrefix')}
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={(e) => {
                e.preventDefault();
                setTermsOpen(true);
              }}
            >
              {t('login.termsLink')}
            </Button>
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" disabled={busy}>
          {t('login.submit')}
        </Button>
      </Form>
      {settings?.thirdPartyLogin && (
        <>
          <Divider plain>{t('login.or')}</Divider>
          <Button block icon={<WechatOutlined />} onClick={() => void thirdParty()}>
            {t('login.thirdParty')}
          </Button>
        </>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
        {t('login.hint')}
      </Typography.Paragraph>
    </AuthCard>
  );
}
