import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd-mobile';
import { PATTERNS } from '@portal/contract/patterns';
import { apiGet, request } from '../../../lib/api/client.ts';
import { loadMemberInfo } from '../../../lib/member-info.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { phonePaths } from '../paths.ts';
import { toastFail, toastOk } from '../phone-toast.ts';
import { CaptchaImage, usePhoneCaptcha } from './phone-captcha.tsx';

interface Values {
  name: string;
  mail: string;
  imageCode: string;
  mailCode: string;
}

/** First login: the name and a proven e-mail complete the profile (the server refuses everything else until then). */
export default function PhoneFirstInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const captcha = usePhoneCaptcha();
  const countdown = useCountdown();
  const [busy, setBusy] = useState(false);

  const send = async () => {
    const mail = String(form.getFieldValue('mail') ?? '').trim();
    const imageCode = String(form.getFieldValue('imageCode') ?? '').trim();
    if (!mail || !imageCode) return toastFail(t('phone.firstIn.needMailAndImage'));
    if (!PATTERNS.mail.test(mail)) return toastFail(t('msg.mail.invalid'));
    try {
      await apiGet('/api/member/sendMailCode', { query: { mail, imageCode, imageToken: captcha.token } });
      toastOk(t('phone.login.sent'));
      countdown.start(60);
    } catch {
      // the client has shown the message
    }
    form.setFieldValue('imageCode', '');
    void captcha.refresh();
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await request('POST', '/api/member/updateMemberInfo', {
        body: { name: v.name.trim(), mail: v.mail.trim(), mailCode: v.mailCode.trim() },
      });
      await loadMemberInfo();
      navigate(phonePaths.orders, { replace: true });
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 className="phone-title">{t('phone.firstIn.title')}</h1>
      <p className="phone-muted">{t('phone.firstIn.why')}</p>
      <div className="phone-card" style={{ padding: 0 }}>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('phone.firstIn.submit')}
            </Button>
          }
        >
          <Form.Item
            name="name"
            label={t('phone.firstIn.name')}
            rules={[
              { required: true, message: t('msg.name.required') },
              { pattern: PATTERNS.name, message: t('msg.name.invalid') },
            ]}
          >
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item
            name="mail"
            label={t('phone.firstIn.mail')}
            rules={[
              { required: true, message: t('msg.mail.required') },
              { pattern: PATTERNS.mail, message: t('msg.mail.invalid') },
            ]}
          >
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item name="imageCode" label={t('phone.login.imageCode')} extra={<CaptchaImage captcha={captcha} />}>
            <Input maxLength={4} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="mailCode"
            label={t('phone.firstIn.mailCode')}
            rules={[{ required: true, message: t('msg.mailCode.required') }]}
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
            <Input inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
        </Form>
      </div>
    </>
  );
}
