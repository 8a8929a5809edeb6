import { useState } from 'react';
import { Button, Form, Input, Space, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PATTERNS } from '@portal/contract/validation';
import { QueryState } from '../../../components/query-state.tsx';
import { SendCodeButton } from '../../../components/send-code-button.tsx';
import { CaptchaField, captchaAnswer, useCaptcha } from '../../../components/captcha.tsx';
import { announceSessionChange, setSession } from '../../../lib/session.ts';
import { MEMBER_INFO_KEY } from '../../../lib/member-info.ts';
import { sendMailChangeCode, updateMail, useMemberInfo } from '../api.ts';
import { AccountCard } from '../components/account-card.tsx';
import { differs, mailCodeRules, mailRules } from '../components/rules.ts';

/** Change e-mail: a code to the new address, which must differ from the old one. */
export default function ChanEmailPage() {
  const { t } = useTranslation();
  const q = useMemberInfo();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ mail: string; imageCode: string; code: string }>();
  const [busy, setBusy] = useState(false);
  const old = q.data?.mail;
  const captcha = useCaptcha();
  const newCaptcha = () => {
    form.setFieldValue('imageCode', '');
    void captcha.refresh();
  };

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
    const imageCode = captchaAnswer(
      form,
      captcha,
      t,
      (m) => void message.error(m, 1),
      'msg.code.needMailAndImage',
      newCaptcha,
    );
    if (!imageCode) return false;
    try {
      await sendMailChangeCode({ mail, imageCode, imageToken: captcha.token });
      void message.success(t('msg.code.sent'), 1);
      return true;
    } catch {
      return false;
    } finally {
      // Sent or refused, this picture is spent: the next code needs a new one.
      newCaptcha();
    }
  };

  const submit = async (v: { mail: string; code: string }) => {
    setBusy(true);
    try {
      const env = await updateMail({ mail: v.mail.trim(), code: v.code.trim() });
      void message.success(env.msg || t('msg.ok.modified'), 1);
      setSession('mail', v.mail.trim().toLowerCase());
      announceSessionChange();
      form.resetFields();
      await qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY });
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountCard title={t('account.mailTitle')}>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        <p>
          {t('account.currentMail')}: <strong>{old || '—'}</strong>
        </p>
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
          <Form.Item
            name="mail"
            label={t('account.newMail')}
            rules={[...mailRules(t), differs(old, t('msg.mail.sameAsOld'))]}
          >
            <Input maxLength={100} autoComplete="email" />
          </Form.Item>
          <CaptchaField captcha={captcha} onRefresh={newCaptcha} label={t('account.imageCode')} />
          <Form.Item label={t('account.mailCode')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={mailCodeRules(t)}>
                <Input
                  maxLength={6}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  aria-label={t('account.mailCode')}
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
