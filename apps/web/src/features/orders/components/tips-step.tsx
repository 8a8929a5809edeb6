import { useState } from 'react';
import { Alert, Button, Checkbox, message } from 'antd';
import { useTranslation } from 'react-i18next';

/** Step 1: install and log in to the national app, tick the confirmation, next. */
export function TipsStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  const [ok, setOk] = useState(false);
  return (
    <section aria-labelledby="tips-h">
      <h2 id="tips-h" style={{ fontSize: 18 }}>
        {t('orders.tips.title')}
      </h2>
      <Alert type="info" showIcon message={t('orders.tips.app')} style={{ marginBottom: 12 }} />
      <Alert type="warning" showIcon message={t('orders.tips.notes')} style={{ marginBottom: 12 }} />
      <Checkbox checked={ok} onChange={(e) => setOk(e.target.checked)}>
        {t('orders.tips.confirm')}
      </Checkbox>
      <div style={{ marginTop: 16 }}>
        <Button type="primary" onClick={() => (ok ? onNext() : void message.error(t('msg.tips.confirmRequired'), 1))}>
          {t('orders.tips.next')}
        </Button>
      </div>
    </section>
  );
}
