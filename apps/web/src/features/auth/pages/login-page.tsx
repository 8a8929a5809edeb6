import { useState } from 'react';
import { Button, Card, Checkbox, Divider, Form, Input, Space, Typography, message } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PATTERNS } from '@portal/contract/validation';
import { CaptchaImage, captchaAnswer, useCaptcha } from '../../../components/captcha.tsx';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { loginAuth, sendLoginCode, wxLogin } from '../api.ts';
import { TermsDialog } from '../components/terms-dialog.tsx';
import { useAfterLogin } from '../components/use-after-login.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { imageCodeRules, mobileRules, smsCodeRules } from '../components/rules.ts';

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
  const captcha = useCaptcha();
  const { finish, prompt } = useAfterLogin();
  const [termsOpen, setTermsOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: settings } = useSettings();

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
    if (!captchaAnswer(form, captcha, t, (m) => void message.error(m, 1), 'msg.code.needMobileAndImage', newCaptcha))
      return false;
    try {
      await sendLoginCode({ mobile, imageCode, imageToken: captcha.token });
      // This picture paid for the code; it still serves the login itself.
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
      const r = await loginAuth({
        mobile: v.mobile.trim(),
        imageCode: v.imageCode.trim(),
        imageToken: captcha.token,
        messageCode: v.messageCode.trim(),
      });
      await finish(r);
    } catch {
      // A failed login refreshes the image code (document 1, section 4).
      newCaptcha();
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
    <div className="auth-wrap">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center' }}>
          {t('login.title')}
        </Typography.Title>
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
          <Form.Item label={t('login.imageCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="imageCode" noStyle rules={imageCodeRules(t)}>
                <Input
                  maxLength={4}
                  autoComplete="off"
                  placeholder={t('login.imageCodePlaceholder')}
                  aria-label={t('login.imageCode')}
                />
              </Form.Item>
              <CaptchaImage image={captcha.image} onRefresh={newCaptcha} />
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('login.smsCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="messageCode" noStyle rules={smsCodeRules(t)}>
                <Input
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  placeholder={t('login.smsCodePlaceholder')}
                  aria-label={t('login.smsCode')}
                />
              </Form.Item>
              <SendCodeButton onSend={send} />
            </Space.Compact>
          </Form.Item>
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
      </Card>
      <TermsDialog
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAgree={() => form.setFieldValue('agree', true)}
      />
      {prompt}
    </div>
  );
}
