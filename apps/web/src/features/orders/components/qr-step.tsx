import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { QR_EDUCATION_LEVEL } from '@portal/contract/orders';
import { decodeQrcode, getQrCode, getQrCodeInfo } from '../api.ts';

/** What the national platform gives the form; those fields are then locked. */
export interface ScannedPerson {
  name: string;
  studentId: string;
  schoolName: string;
  yxdm: string;
  idNum: string;
  bizSerialNum: string;
  xllb?: number;
  education?: number;
}

/** The code is valid for 3 minutes and polled every second (document 2, section 9); journeys may shorten it. */
export function qrSeconds(): number {
  return Number(localStorage.getItem('orders.qrSeconds')) || 180;
}

/** Reads a photographed collection code (decodeQrcode) and fills the form the same way. */
export function UploadCodeButton({ onScanned }: { onScanned: (p: ScannedPerson) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        style={{ display: 'none' }}
        data-testid="qr-upload-input"
        onChange={async (e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (!f) return;
          setBusy(true);
          try {
            const d = await decodeQrcode(f);
            onScanned({
              name: d.xm,
              studentId: d.xh,
              schoolName: d.schoolName,
              yxdm: d.yxdm,
              idNum: d.zjhm,
              bizSerialNum: d.bizSerialNum,
              xllb: d.xllbIndex,
              education: d.education,
            });
          } catch {
            /* the client showed the message */
          } finally {
            setBusy(false);
          }
        }}
      />
      <Button loading={busy} onClick={() => input.current?.click()}>
        {t('orders.qr.upload')}
      </Button>
    </>
  );
}

/** Step 3: scan with the national app; one person per code; refetch and fill-manually buttons. */
export function QrStep({
  education,
  onScanned,
  onManual,
}: {
  education: number;
  onScanned: (p: ScannedPerson) => void;
  onManual: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState<{ imgBase64: string; remarks: string } | null>(null);
  const [left, setLeft] = useState(qrSeconds());
  const [expired, setExpired] = useState(false);
  const done = useRef(false);

  const fetchCode = useCallback(async () => {
    setCode(null);
    setExpired(false);
    setLeft(qrSeconds());
    try {
      setCode(await getQrCode());
    } catch {
      setExpired(true);
    }
  }, []);
  useEffect(() => {
    void fetchCode();
  }, [fetchCode]);

  useEffect(() => {
    if (!code || expired) return;
    const started = Date.now();
    const total = qrSeconds();
    const timer = setInterval(async () => {
      const remaining = total - Math.floor((Date.now() - started) / 1000);
      setLeft(Math.max(remaining, 0));
      if (remaining <= 0) {
        setExpired(true);
        return;
      }
      const r = await getQrCodeInfo(code.remarks).catch(() => null);
      if (!r || done.current) return;
      if (r.code === 409) setExpired(true);
      else if (r.data) {
        done.current = true;
        const d = r.data;
        onScanned({
          name: d.xm,
          studentId: d.xh,
          schoolName: d.yxmc,
          yxdm: d.yxdm,
          idNum: d.zjhm,
          bizSerialNum: d.bizSerialNum,
          xllb: d.xllb,
          education: QR_EDUCATION_LEVEL[education] ?? d.education,
        });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [code, expired, education, onScanned]);

  return (
    <section aria-labelledby="qr-h">
      <h2 id="qr-h" style={{ fontSize: 18 }}>
        {t('orders.qr.title')}
      </h2>
      <p>{t('orders.qr.hint')}</p>
      <div
        style={{
          width: 220,
          height: 220,
          border: '1px solid #eee',
          display: 'grid',
          placeItems: 'center',
          position: 'relative',
        }}
      >
        {code ? (
          <img
            src={code.imgBase64}
            alt={t('orders.qr.image')}
            width={200}
            height={200}
            style={{ opacity: expired ? 0.15 : 1 }}
            data-remarks={code.remarks}
          />
        ) : (
          <Spin />
        )}
      </div>
      {expired ? (
        <Alert
          type="warning"
          showIcon
          message={t('orders.qr.expired')}
          style={{ margin: '12px 0', maxWidth: 420 }}
          role="alert"
        />
      ) : (
        <p aria-live="polite">{t('orders.qr.remaining', { s: left })}</p>
      )}
      <Space>
        <Button onClick={() => void fetchCode()}>{t('orders.qr.refetch')}</Button>
        <Button onClick={onManual}>{t('orders.qr.manual')}</Button>
        <UploadCodeButton onScanned={onScanned} />
      </Space>
    </section>
  );
}
