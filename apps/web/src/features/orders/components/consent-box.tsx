import { useState } from 'react';
import { Alert, Button, Card, Checkbox } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { giveConsent, orderKeys, useConsent } from '../api.ts';

/** The separate consent to processing the face photo and ID number, before the first photo (PIPL art. 29). */
export function ConsentBox() {
  const { t } = useTranslation();
  const q = useConsent();
  const qc = useQueryClient();
  const [ticked, setTicked] = useState(false);
  if (q.isLoading || !q.data) return null;
  if (q.data.given)
    return (
      <Alert
        type="success"
        showIcon
        message={t('orders.consent.given', { v: q.data.version })}
        style={{ marginBottom: 12 }}
      />
    );
  return (
    <Card
      size="small"
      title={<h3 style={{ fontSize: 15, margin: 0 }}>{t('orders.consent.title')}</h3>}
      style={{ marginBottom: 12, borderColor: '#faad14' }}
    >
      <p>{t('orders.consent.body')}</p>
      <Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)}>
        {t('orders.consent.agree')}
      </Checkbox>
      <Button
        type="primary"
        disabled={!ticked}
        style={{ marginLeft: 12 }}
        onClick={async () => {
          await giveConsent(PHOTO_CONSENT_VERSION);
          await qc.invalidateQueries({ queryKey: orderKeys.consent });
        }}
      >
        {t('orders.consent.ok')}
      </Button>
    </Card>
  );
}

export const useConsentGiven = () => useConsent().data?.given === true;
