import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cPost, setStaffToken } from '../console-api.ts';
import { ApiError } from '../../../lib/api/core.ts';

/** Staff login: user name, password and, when the account has one, the one-time code; a lock-out is said on the page. */
export default function LoginPage() {
  const { t } = useTranslation();
  const [needTotp, setNeedTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  // A lock-out (429) stays on the page: the toast alone is gone before it is read.
  const [locked, setLocked] = useState<string | null>(null);
  const submit = async (v: { username: string; password: string; totp?: string }) => {
    setBusy(true);
    setLocked(null);
    try {
      const r = await cPost('/api/console/login', v);
      setStaffToken(r.token);
    } catch (e) {
      if (e instanceof ApiError && e.message === t('msg.console.totpRequired')) setNeedTotp(true);
      if (e instanceof ApiError && e.code === 429) setLocked(e.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 360 }}>
        <Typography.Title level={3}>{t('console.title')}</Typography.Title>
        {locked && <Alert type="error" showIcon role="alert" message={locked} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="username"
            label={t('console.login.username')}
            rules={[{ required: true, message: t('msg.console.usernameRequired') }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('console.login.password')}
            rules={[{ required: true, message: t('msg.console.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {needTotp && (
            <Form.Item
              name="totp"
              label={t('console.login.totp')}
              rules={[{ required: true, message: t('msg.console.totpRequired') }]}
            >
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('console.login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
