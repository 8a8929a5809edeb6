import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { StaffMe, TotpEnrolmentInfo } from '@portal/contract/console';
import { ApiError } from '../../lib/api/core.ts';
import { cPost } from './console-api.ts';

/** The secret of an otpauth:// URI, grouped by four for typing by hand. */
function secretOf(uri: string): string {
  try {
    return (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}

/**
 * Enrolling one's own account: a QR code of the pending otpauth:// URI, drawn here in the browser,
 * the key for manual entry, then the first code; the server switches TOTP on only when it matches.
 */
export function TotpEnrolment({
  enrolment,
  onDone,
  onClose,
}: {
  enrolment: TotpEnrolmentInfo;
  onDone: (me: StaffMe) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { uri, expiresAt } = enrolment;
  const [img, setImg] = useState('');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { width: 220, margin: 1, errorCorrectionLevel: 'M' }).then((u) => live && setImg(u));
    return () => {
      live = false;
    };
  }, [uri]);
  const confirm = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      onDone(await cPost('/api/console/me/totp/confirm', { code: code.trim() }));
    } catch (e) {
      // The server's message names the field; it stays beside the field too.
      if (e instanceof ApiError) form.setFields([{ name: 'code', errors: [e.message] }]);
    } finally {
      setBusy(false);
    }
  };
  const time = new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <Modal open title={t('console.totp.title')} onCancel={onClose} footer={null} destroyOnHidden maskClosable={false}>
      <Typography.Paragraph>{t('console.totp.scan')}</Typography.Paragraph>
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 220, marginBottom: 12 }}>
        {img ? <img src={img} width={220} height={220} alt={t('console.totp.qrAlt')} /> : <Spin />}
      </div>
      <Typography.Text strong>{t('console.totp.secret')}</Typography.Text>
      <Typography.Paragraph
        copyable={{ text: secretOf(uri).replace(/ /g, '') }}
        code
        style={{ fontSize: 16, letterSpacing: 1 }}
        aria-label={t('console.totp.secret')}
      >
        {secretOf(uri)}
      </Typography.Paragraph>
      <details style={{ marginBottom: 16 }}>
        <summary>{t('console.totp.uri')}</summary>
        <code style={{ wordBreak: 'break-all' }}>{uri}</code>
      </details>
      <Typography.Paragraph>{t('console.totp.codeStep')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={confirm} requiredMark={false}>
        <Form.Item
          name="code"
          label={t('console.totp.code')}
          extra={t('console.totp.expires', { time })}
          rules={[{ required: true, pattern: /^\s*\d{6}\s*$/, message: t('msg.console.totpCodeFormat') }]}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            style={{ width: 160, letterSpacing: 4 }}
            autoFocus
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('console.totp.confirm')}
          </Button>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Modal>
  );
}
