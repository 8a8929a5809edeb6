import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Input from 'antd-mobile/es/components/input';
import NoticeBar from 'antd-mobile/es/components/notice-bar';
import { PATTERNS } from '@portal/contract/patterns';
import { apiGet } from '../../../lib/api/client.ts';
import { storeLogin, getSession, setSession, isFirst } from '../../../lib/session.ts';
import { loadMemberInfo } from '../../../lib/member-info.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { useSettings } from '../../../lib/settings.ts';
import { isPhonePath, phonePaths } from '../paths.ts';
import { toastFail, toastOk } from '../phone-toast.ts';
import { loadMessages, useMessages } from '../phone-messages.ts';
import { takeInactiveNotice } from '../shell/use-phone-inactivity.ts';
import { CaptchaImage, usePhoneCaptcha } from './phone-captcha.tsx';
import { Field } from './field.tsx';

const TermsPopup = lazy(() => import('./terms-popup.tsx'));

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

type Errors = Partial<Record<keyof Values, string>>;

/** The desktop's rules and messages (document 1, section 5); the server checks them too. */
function check(v: Values, t: (k: string) => string): Errors {
  const e: Errors = {};
  const rule = (k: keyof Values, pattern: RegExp, required: string, invalid: string) => {
    const x = String(v[k] ?? '').trim();
    if (!x) e[k] = t(required);
    else if (!pattern.test(x)) e[k] = t(invalid);
  };
  rule('mobile', PATTERNS.mobile, 'msg.mobile.required', 'msg.mobile.invalid');
  rule('imageCode', PATTERNS.imageCode, 'msg.imageCode.required', 'msg.imageCode.invalid');
  rule('messageCode', PATTERNS.smsCode, 'msg.smsCode.required', 'msg.smsCode.invalid');
  if (!v.agree) e.agree = t('msg.terms.required');
  return e;
}

/** Log in with mobile, image code and SMS code (document 1, section 4), on a phone. */
export default function PhoneLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [v, setV] = useState<Values>({ mobile: '', imageCode: '', messageCode: '', agree: true });
  const [errors, setErrors] = useState<Errors>({});
  const set = (k: keyof Values) => (x: string | boolean) => setV((old) => ({ ...old, [k]: x }));
  const captcha = usePhoneCaptcha();
  const countdown = useCountdown();
  const [busy, setBusy] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const { data: settings } = useSettings();
  // The contract's messages come with the first one the screen shows (phone-messages.ts).
  const inactiveNotice = useMessages(inactiveOnArrival) && inactiveOnArrival;

  const renewImage = () => {
    setV((old) => ({ ...old, imageCode: '' }));
    void captcha.refresh();
  };

  const send = async () => {
    const mobile = v.mobile.trim();
    const imageCode = v.imageCode.trim();
    await loadMessages();
    if (!mobile || !imageCode) return toastFail(t('msg.code.needMobileAndImage'));
    if (!PATTERNS.mobile.test(mobile)) return toastFail(t('msg.mobile.invalid'));
    try {
      await apiGet('/api/login/sendCode', { query: { mobile, imageCode, imageToken: captcha.token } });
      toastOk(t('phone.login.sent'));
      countdown.start(SMS_RESEND_SECONDS);
    } catch {
      renewImage();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    await loadMessages();
    const found = check(v, t);
    setErrors(found);
    if (Object.keys(found).length) return;
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
      renewImage();
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

  return (
    <>
      <h1 className="phone-title">{t('phone.login.title')}</h1>
      {inactiveNotice && (
        <div role="alert" style={{ marginBottom: 12 }}>
          <NoticeBar color="alert" wrap content={t('msg.session.inactive')} />
        </div>
      )}
      <form className="phone-card" style={{ padding: 0 }} noValidate onSubmit={(e) => void submit(e)}>
        <Field id="login-mobile" label={t('phone.login.mobile')} error={errors.mobile}>
          <Input
            id="login-mobile"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
            value={v.mobile}
            onChange={set('mobile')}
            placeholder={t('phone.login.mobilePlaceholder')}
          />
        </Field>
        <Field
          id="login-image-code"
          label={t('phone.login.imageCode')}
          error={errors.imageCode}
          extra={<CaptchaImage captcha={captcha} />}
        >
          <Input
            id="login-image-code"
            maxLength={4}
            autoComplete="off"
            value={v.imageCode}
            onChange={set('imageCode')}
            placeholder={t('phone.login.imageCodePlaceholder')}
          />
        </Field>
        <Field
          id="login-sms-code"
          label={t('phone.login.smsCode')}
          error={errors.messageCode}
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
            id="login-sms-code"
            type="tel"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            value={v.messageCode}
            onChange={set('messageCode')}
            placeholder={t('phone.login.smsCodePlaceholder')}
          />
        </Field>
        <div className="phone-form-row">
          <Checkbox checked={v.agree} onChange={set('agree')}>
            {t('phone.login.agreePrefix')}
          </Checkbox>
          <button type="button" className="phone-link-button" onClick={() => setTermsOpen(true)}>
            {t('phone.login.terms')}
          </button>
          {errors.agree && (
            <div className="phone-form-error" role="alert">
              {errors.agree}
            </div>
          )}
        </div>
        <div className="phone-form-footer">
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('phone.login.submit')}
          </Button>
        </div>
      </form>
      {settings?.thirdPartyLogin && (
        <Button block fill="outline" onClick={() => void thirdParty()}>
          {t('phone.login.thirdParty')}
        </Button>
      )}
      <p className="phone-muted">{t('phone.login.hint')}</p>
      {termsOpen && (
        <Suspense fallback={null}>
          <TermsPopup
            onClose={() => setTermsOpen(false)}
            onAgree={() => {
              set('agree')(true);
              setTermsOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
