import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import type { OrderKind } from '@portal/contract/order-states';
import { getPayStatus, isPaidState, payTimings, readOrderState } from './pay-api.ts';

export interface QrDialogProps {
  open: boolean;
  orderId: number;
  kind: OrderKind;
  /** The QR payload (data.wxPayQrcodeUrl) and its payment number. */
  qrUrl: string;
  paymentNo?: string;
  onRefetch: () => Promise<void>;
  onPaid: () => void;
  onClose: () => void;
}

/**
 * The QR payment dialog (document 2, section 4): a 45 s countdown then a refetch mask;
 * while open the order is re-read every 3 s and the dialog closes on the paid state.
 */
export function QrDialog(props: QrDialogProps) {
  const { t } = useTranslation();
  const { qrSeconds, pollMs } = payTimings();
  const [img, setImg] = useState('');
  const [left, setLeft] = useState(qrSeconds);
  const [failed, setFailed] = useState(false);
  const [refetching, setRefetching] = useState(false);
  const done = useRef(false);
  const { open, qrUrl, orderId, kind, paymentNo, onPaid } = props;

  useEffect(() => {
    if (!open || !qrUrl) return;
    let live = true;
    void QRCode.toDataURL(qrUrl, { width: 220, margin: 1 }).then((u) => live && setImg(u));
    setLeft(qrSeconds);
    setFailed(false);
    return () => {
      live = false;
    };
  }, [open, qrUrl, qrSeconds]);

  useEffect(() => {
    if (!open || left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [open, left]);

  useEffect(() => {
    if (!open) return;
    done.current = false;
    let live = true;
    const tick = async () => {
      const [status, state] = await Promise.all([
        getPayStatus(orderId, paymentNo).catch(() => null),
        readOrderState(orderId, kind),
      ]);
      // A poll of a superseded code (after a refetch) must not mark the new one failed.
      if (done.current || !live) return;
      if (isPaidState(kind, state) || isPaidState(kind, status?.orderState)) {
        done.current = true;
        onPaid();
      } else if (status?.paymentState === 'failed') setFailed(true);
    };
    const timer = setInterval(() => void tick(), pollMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [open, orderId, kind, paymentNo, pollMs, onPaid]);

  const expired = left <= 0 || failed;
  const refetch = async () => {
    setRefetching(true);
    try {
      await props.onRefetch();
    } finally {
      setRefetching(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('pay.qr.title')}
      footer={null}
      onCancel={props.onClose}
      destroyOnHidden
      maskClosable={false}
      width={360}
    >
      <div style={{ textAlign: 'center' }} data-testid="pay-qr-dialog">
        <Typography.Paragraph>{t('pay.qr.hint')}</Typography.Paragraph>
        <div style={{ position: 'relative', display: 'inline-block', width: 220, height: 220 }}>
          {img ? <img src={img} width={220} height={220} alt={t('pay.qr.title')} data-qr-payload={qrUrl} /> : <Spin />}
          {expired && (
            <div
              data-testid="pay-qr-mask"
              style={{
                position: 'absolute',
                inset: 0,
                background: 'rgba(255,255,255,0.94)',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 12,
              }}
            >
              <Typography.Text strong>{failed ? t('msg.pay.failed') : t('pay.qr.expired')}</Typography.Text>
              <Button type="primary" onClick={() => void refetch()} loading={refetching}>
                {t('pay.qr.refetch')}
              </Button>
            </div>
          )}
        </div>
        {!expired && (
          <Typography.Paragraph style={{ marginTop: 12 }} data-testid="pay-qr-countdown">
            {t('pay.qr.countdown', { s: left })}
          </Typography.Paragraph>
        )}
        {failed && <Alert type="error" showIcon message={t('msg.pay.failed')} style={{ marginTop: 12 }} />}
        {!expired && <Typography.Text type="secondary">{t('pay.qr.waiting')}</Typography.Text>}
      </div>
    </Modal>
  );
}
