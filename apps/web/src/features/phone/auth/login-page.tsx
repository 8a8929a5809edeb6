import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Input, NoticeBar, Popup } from 'antd-mobile';
import { PATTERNS } from '@portal/contract/validation';
import { apiGet } from '../../../lib/api/client.ts';
import { storeLogin, getSession, setSession, isFirst } from '../../../lib/session.ts';
import { loadMemberInfo } from '../../../lib/member-info.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useSettings } from '../../../lib/settings.ts';
import { TERMS } from '../../../components/terms-text.ts';
import { currentLang } from '../../../lib/i18n-core.ts';
import { isPhonePath, phonePaths } from '../paths.ts';
import { toastFail, toastOk } from '../phone-toast.ts';
import { takeInactiveNotice } from '../shell/use-phone-inactivity.ts';
import { CaptchaImage, usePhoneCaptcha } from './phone-captcha.tsx';

interface Values {
  mobile: string;
  imageCode: string;
  messageCode: string;
  agree: boolean;
}

const SMS_RESEND_SECONDS = 60;
// Read once per page load: the notice stays until the student has logged in again.
const inactiveOnArrival = takeInactiveNotice();

/** Where to go after logging in: the phone address the student was sent away from, else the orders. */
function returnPath(): string {
  const url = getSession('url');
  setSession('url', null);
  return url && isPhonePath(url) && !url.startsWith(phonePaths.login) ? url : phonePaths.orders;
}

/** Log in with mobile, image code and SMS code (document 1, section 4), on a phone. */
export default function PhoneLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const captcha = usePhoneCaptcha();
  const countdown = useCountdown();
  const [busy, setBusy] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const { data: settings } = useSettings();

  const send = async () => {
    const mobile = String(form.getFieldValue('mobile') ?? '').trim();
    const imageCode = String(form.getFieldValue('imageCode') ?? '').trim();
    if (!mobile || !imageCode) return toastFail(t('msg.code.needMobileAndImage'));
    if (!PATTERNS.mobile.test(mobile)) return toastFail(t('msg.mobile.invalid'));
    try {
      await apiGet('/api/login/sendCode', { query: { mobile, imageCode, imageToken: captcha.token } });
      toastOk(t('phone.login.sent'));
      countdown.start(SMS_RESEND_SECONDS);
    } catch {
      form.setFieldValue('imageCode', '');
      void captcha.refresh();
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      const r = await apiGet('/api/login/auth', {
        query: {
          mobile: v.mobile.trim(),
          imageCode: v.imageCode.trim(),
          imageToken: captcha.token,
          messageCode: v.messageCode.trim(),
        },
      });
      storeLogin(r);
      await loadMemberInfo().catch(() => null);
      navigate(isFirst() ? phonePaths.firstIn : returnPath(), { replace: true });
    } catch {
      // A failed login draws a new image code (document 1, section 4).
      form.setFieldValue('imageCode', '');
      void captcha.refresh();
    } finally {
      setBusy(false);
    }
  };

  const thirdParty = async () => {
    try {
      const { url } = await apiGet('/api/login/wxlogin');
      window.location.assign(url);
    } catch {
      // the client has shown the message
    }
  };

  const required = (key: string, pattern: RegExp, invalid: string) => [
    { required: true, message: t(key) },
    { pattern, message: t(invalid) },
  ];

  return (
    <>
      <h1 className="phone-title">{t('phone.login.title')}</h1>
      {inactiveOnArrival && (
        <div role="alert" style={{ marginBottom: 12 }}>
          <NoticeBar color="alert" wrap content={t('msg.session.inactive')} />
        </div>
      )}
      <div className="phone-card" style={{ padding: 0 }}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ agree: true }}
          onFinish={(v) => void submit(v)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('phone.login.submit')}
            </Button>
          }
        >
          <Form.Item
            name="mobile"
            label={t('phone.login.mobile')}
            rules={required('msg.mobile.required', PATTERNS.mobile, 'msg.mobile.invalid')}
          >
            <Input
              type="tel"
              inputMode="numeric"
              maxLength={11}
              autoComplete="tel"
              placeholder={t('phone.login.mobilePlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="imageCode"
            label={t('phone.login.imageCode')}
            rules={required('msg.imageCode.required', PATTERNS.imageCode, 'msg.imageCode.invalid')}
            extra={<CaptchaImage captcha={captcha} />}
          >
            <Input maxLength={4} autoComplete="off" placeholder={t('phone.login.imageCodePlaceholder')} />
          </Form.Item>
          <Form.Item
            name="messageCode"
            label={t('phone.login.smsCode')}
            rules={required('msg.smsCode.required', PATTERNS.smsCode, 'msg.smsCode.invalid')}
            extra={
              <Button
                size="small"
                color="primary"
                fill="outline"
                disabled={countdown.running}
                onClick={() => void send()}
              >
                {countdown.running ? t('phone.login.resendIn', { n: countdown.left }) : t('phone.login.send')}
              </Button>
            }
          >
            <Input
              type="tel"
              inputMode="numeric"
              maxLength={6}
              autoComplete="one-time-code"
              placeholder={t('phone.login.smsCodePlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[
              { validator: (_, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('msg.terms.required')))) },
            ]}
          >
            <Checkbox>
              {t('phone.login.agreePrefix')}
              <button
                type="button"
                className="phone-link-button"
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  setTermsOpen(true);
                }}
              >
                {t('phone.login.terms')}
              </button>
            </Checkbox>
          </Form.Item>
        </Form>
      </div>
      {settings?.thirdPartyLogin && (
        <Button block fill="outline" onClick={() => void thirdParty()}>
          {t('phone.login.thirdParty')}
        </Button>
      )}
      <p className="phone-muted">{t('phone.login.hint')}</p>
      <Popup
        visible={termsOpen}
        onMaskClick={() => setTermsOpen(false)}
        bodyStyle={{ maxHeight: '80vh', overflowY: 'auto', padding: 16 }}
      >
        <h2 className="phone-section-title">{t('phone.login.terms')}</h2>
        {TERMS[currentLang()].map((s) => (
          <section key={s.title}>
            <h3 style={{ fontSize: 15 }}>{s.title}</h3>
            {s.body.map((b) => (
              <p key={b} className="phone-muted">
                {b}
              </p>
            ))}
          </section>
        ))}
        <Button
          block
          color="primary"
          onClick={() => {
            form.setFieldValue('agree', true);
            setTermsOpen(false);
          }}
        >
          {t('phone.login.agree')}
        </Button>
      </Popup>
    </>
  );
}
