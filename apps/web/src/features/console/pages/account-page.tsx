import { useState } from 'react';
import { App, Button, Card, Descriptions, Form, Input, Space, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolmentInfo } from '@portal/contract/console';
import { ApiError } from '../../../lib/api/core.ts';
import { cPost } from '../console-api.ts';
import { useStaff } from '../staff-context.ts';
import { TotpEnrolment } from '../totp-enrolment.tsx';

/** Any staff member's own account: who they are, and their TOTP (switch on with a confirmed code, off with a code or the password). */
export default function AccountPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const staff = useStaff()!;
  const qc = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolmentInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code?: string; password?: string }>();
  const refresh = () => qc.invalidateQueries({ queryKey: ['console', 'me'] });
  const start = async () => {
    setBusy(true);
    try {
      setEnrolment(await cPost('/api/console/me/totp/start'));
    } catch {
      // The toast has said why.
    } finally {
      setBusy(false);
    }
  };
  const disable = async (v: { code?: string; password?: string }) => {
    setBusy(true);
    try {
      await cPost('/api/console/me/totp/disable', v.code ? { code: v.code.trim() } : { password: v.password });
      form.resetFields();
      void message.success(t('console.account.disabled'));
      await refresh();
    } catch (e) {
      if (e instanceof ApiError) form.setFields([{ name: v.code ? 'code' : 'password', errors: [e.message] }]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section style={{ maxWidth: 720 }}>
      <Typography.Title level={2}>{t('console.account.title')}</Typography.Title>
      <Card title={t('console.account.profile')} style={{ marginBottom: 16 }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('console.login.username')}>{staff.username}</Descriptions.Item>
          <Descriptions.Item label={t('console.col.name')}>{staff.name}</Descriptions.Item>
          <Descriptions.Item label={t('console.staff.role')}>
            {t(`console.role.${staff.role}`)}
            {staff.branch ? ` · ${staff.branch}` : ''}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title={
          <Space>
            <span role="heading" aria-level={3}>
              {t('console.account.totp')}
            </span>
            {staff.totp ? (
              <Tag color="green">{t('console.account.totpOn')}</Tag>
            ) : (
              <Tag>{t('console.account.totpOff')}</Tag>
            )}
          </Space>
        }
      >
        <Typography.Paragraph>{t('console.account.totpIntro')}</Typography.Paragraph>
        {staff.totp ? (
          <Form form={form} layout="vertical" onFinish={disable} style={{ maxWidth: 320 }}>
            <Typography.Paragraph type="secondary">{t('console.account.disableHint')}</Typography.Paragraph>
            <Form.Item
              name="code"
              label={t('console.totp.code')}
              rules={[{ pattern: /^\s*\d{6}\s*$/, message: t('msg.console.totpCodeFormat') }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('console.account.password')}
              dependencies={['code']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, v) =>
                    v || getFieldValue('code')
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('msg.console.totpDisableProof'))),
                }),
              ]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button danger htmlType="submit" loading={busy}>
              {t('console.account.disable')}
            </Button>
          </Form>
        ) : (
          <Button type="primary" onClick={() => void start()} loading={busy}>
            {t('console.account.enable')}
          </Button>
        )}
      </Card>
      {enrolment && (
        <TotpEnrolment
          enrolment={enrolment}
          onClose={() => setEnrolment(null)}
          onDone={() => {
            setEnrolment(null);
            void message.success(t('console.totp.enabled'));
            void refresh();
          }}
        />
      )}
    </section>
  );
}
