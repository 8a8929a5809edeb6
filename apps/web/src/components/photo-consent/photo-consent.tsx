import { useState } from 'react';
import { Alert, Button, Card, Checkbox } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { apiGet, apiPost } from '../../lib/api/client.ts';

/** The member's separate consent, one record for the individual and the centralised flows. */
const CONSENT_KEY = ['orders', 'consent'] as const;
export const useConsent = (enabled = true) =>
  useQuery({ queryKey: CONSENT_KEY, queryFn: () => apiGet('/api/order/photoConsent'), enabled });
/** Whether the member has given the current version (asked only when `enabled`, i.e. logged in). */
export const useConsentGiven = (enabled = true) => useConsent(enabled).data?.given === true;

/**
 * The separate consent to processing the face photo and ID number (PIPL art. 29), asked before the
 * first photo of either flow and recorded with its wording version; the server refuses an order without it.
 */
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
          await apiPost('/api/order/photoConsent', { body: { version: PHOTO_CONSENT_VERSION } });
          await qc.invalidateQueries({ queryKey: CONSENT_KEY });
        }}
      >
        {t('orders.consent.ok')}
      </Button>
    </Card>
  );
}
