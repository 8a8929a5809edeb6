import { useEffect, useState } from 'react';
import { Button, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';

/** The secret of an otpauth:// URI, grouped by four for typing by hand. */
function secretOf(uri: string): string {
  try {
    return (new URL(uri).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}

/**
 * TOTP enrolment, shown once after an account's TOTP is enabled: a QR code of the otpauth:// URI,
 * drawn here in the browser (the secret never leaves it again), plus the key for manual entry.
 */
export function TotpEnrolment({ uri, onClose }: { uri: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [img, setImg] = useState('');
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { width: 220, margin: 1, errorCorrectionLevel: 'M' }).then((u) => live && setImg(u));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Modal open title={t('console.totp.title')} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>{t('console.totp.done')}</Button>}>
      <Typography.Paragraph>{t('console.totp.scan')}</Typography.Paragraph>
      <div style={{ display: 'grid', placeItems: 'center', minHeight: 220, marginBottom: 12 }}>
        {img ? <img src={img} width={220} height={220} alt={t('console.totp.qrAlt')} /> : <Spin />}
      </div>
      <Typography.Text strong>{t('console.totp.secret')}</Typography.Text>
      <Typography.Paragraph copyable={{ text: secretOf(uri).replace(/ /g, '') }} code style={{ fontSize: 16, letterSpacing: 1 }} aria-label={t('console.totp.secret')}>
        {secretOf(uri)}
      </Typography.Paragraph>
      <details>
        <summary>{t('console.totp.uri')}</summary>
        <code style={{ wordBreak: 'break-all' }}>{uri}</code>
      </details>
    </Modal>
  );
}
