import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Result, Tabs, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PATTERNS } from '@portal/contract/validation';
import { getSession } from '../../../lib/session.ts';
import { CodeField } from '../../../components/code-field.tsx';
import { CaptchaField, useFormCaptcha } from '../../../components/captcha.tsx';
import { bindMail, bindMobile, sendBindCode } from '../api.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { useAfterLogin } from '../components/use-after-login.tsx';
import { mailRules, mobileRules, nameRules } from '../../../components/form-rules.ts';

type Kind = 'mobile' | 'mail';

/** Identity choice after third-party login: ordinary students bind a mobile, international students an e-mail. */
export default function SelectStudentPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openId = getSession('openId');
  const { finish, prompt } = useAfterLogin();
  if (!openId)
    return (
      <Card>
        <Result
          status="warning"
          title={t('msg.oauth.openIdInvalid')}
          extra={<Button onClick={() => navigate('/login')}>{t('loading.backToLogin')}</Button>}
        />
      </Card>
    );
  return (
    <AuthCard centred title={t('select.title')} after={prompt}>
      <Tabs
        centered
        items={[
          {
            key: 'mobile',
            label: t('select.ordinary'),
            children: <BindForm kind="mobile" openId={openId} onDone={finish} />,
          },
          {
            key: 'mail',
            label: t('select.international'),
            children: <BindForm kind="mail" openId={openId} onDone={finish} />,
          },
        ]}
      />
    </AuthCard>
  );
}

function BindForm(props: {
  kind: Kind;
  openId: string;
  onDone: (r: Awaited<ReturnType<typeof bindMobile>>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; target: string; imageCode: string; code: string }>();
  const [busy, setBusy] = useState(false);
  const isMobile = props.kind === 'mobile';
  const captcha = useFormCaptcha(form);

  /** The code resend rule: a non-zero answer with a message asks to confirm, then resends with step 2. */
  const send = async (): Promise<boolean> => {
    const target = String(form.getFieldValue('target') ?? '').trim();
    const ok = isMobile ? PATTERNS.mobile.test(target) : PATTERNS.mail.test(target);
    if (!ok) {
      await form.validateFields(['target']).catch(() => undefined);
      return false;
    }
    const need = isMobile ? 'msg.code.needMobileAndImage' : 'msg.code.needMailAndImage';
    const imageCode = captcha.answer(need);
    if (!imageCode) return false;
    const cap = { imageToken: captcha.token, imageCode };
    // A code went out: this picture is spent, the next code needs a new one.
    const sent = () => {
      void message.success(t('msg.code.sent'), 1);
      captcha.renew();
      return true;
    };
    const first = await sendBindCode(props.kind, target, 1, cap).catch(() => null);
    if (!first) return false;
    if (first.code === 200 || first.code === 0) return sent();
    if (first.code !== 201) {
      void message.error(first.msg, 1);
      captcha.renew();
      return false;
    }
    const confirmed = await new Promise<boolean>((resolve) =>
      Modal.confirm({
        title: t('select.confirmTitle'),
        content: first.msg,
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
    if (!confirmed) {
      captcha.renew();
      return false;
    }
    // Step 2 with the same answer: it was bound to this number by step 1 and pays for this one code.
    const second = await sendBindCode(props.kind, target, 2, cap).catch(() => null);
    if (second && (second.code === 200 || second.code === 0)) return sent();
    if (second) void message.error(second.msg, 1);
    captcha.renew();
    return false;
  };

  const submit = async (v: { name: string; target: string; code: string }) => {
    setBusy(true);
    try {
      const r = isMobile
        ? await bindMobile({
            name: v.name.trim(),
            mobile: v.target.trim(),
            messageCode: v.code.trim(),
            openId: props.openId,
          })
        : await bindMail({ name: v.name.trim(), mail: v.target.trim(), mailCode: v.code.trim(), openId: props.openId });
      await props.onDone(r);
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name={`bind-${props.kind}`}
      layout="vertical"
      onFinish={(v) => void submit(v)}
      requiredMark={false}
    >
      <Form.Item name="name" label={t('select.name')} rules={nameRules(t, 'msg.selectStudent.nameRequired')}>
        <Input maxLength={50} autoComplete="name" />
      </Form.Item>
      <Form.Item
        name="target"
        label={isMobile ? t('login.mobile') : t('select.mail')}
        rules={isMobile ? mobileRules(t) : mailRules(t)}
      >
        <Input maxLength={isMobile ? 11 : 100} autoComplete={isMobile ? 'tel' : 'email'} />
      </Form.Item>
      <CaptchaField captcha={captcha} label={t('login.imageCode')} placeholder={t('login.imageCodePlaceholder')} />
      <CodeField
        name="code"
        label={isMobile ? t('login.smsCode') : t('select.mailCode')}
        rules={[{ required: true, whitespace: true, message: t('msg.selectStudent.codeRequired') }]}
        onSend={send}
      />
      <Button type="primary" htmlType="submit" block disabled={busy}>
        {t('select.submit')}
      </Button>
    </Form>
  );
}
