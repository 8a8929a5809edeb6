import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox } from 'antd-mobile';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { toastFail } from '../phone-toast.ts';
import { giveConsent, newOrderKeys, useConsent } from './api.ts';

/**
 * The desktop's first step on a phone: install and log in to the national app, tick the
 * confirmation; and the separate consent to processing the face photo and ID number, recorded
 * with its wording version before the first photo (the server refuses an order without it).
 */
export function TipsStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const consent = useConsent();
  const [ok, setOk] = useState(false);
  const [agree, setAgree] = useState(false);
  const [busy, setBusy] = useState(false);
  const given = consent.data?.given === true;

  const next = async () => {
    if (!ok) return toastFail(t('msg.tips.confirmRequired'));
    if (!given) {
      if (!agree) return toastFail(t('msg.order.consentRequired'));
      setBusy(true);
      try {
        await giveConsent(PHOTO_CONSENT_VERSION);
        await qc.invalidateQueries({ queryKey: newOrderKeys.consent });
      } catch {
        return; // the client has shown the server's message
      } finally {
        setBusy(false);
      }
    }
    onNext();
  };

  return (
    <>
      <section className="phone-card" aria-labelledby="tips-h">
        <h2 id="tips-h" className="phone-section-title" style={{ marginTop: 0 }}>
          {t('orders.tips.title')}
        </h2>
        <p>{t('orders.tips.app')}</p>
        <p className="phone-alert">{t('orders.tips.notes')}</p>
        <Checkbox checked={ok} onChange={setOk}>
          {t('orders.tips.confirm')}
        </Checkbox>
      </section>
      <section className="phone-card" aria-labelledby="consent-h">
        <h2 id="consent-h" className="phone-section-title" style={{ marginTop: 0 }}>
          {t('orders.consent.title')}
        </h2>
        {given ? (
          <p role="status">{t('orders.consent.given', { v: consent.data?.version })}</p>
        ) : (
          <>
            <p>{t('orders.consent.body')}</p>
            <Checkbox checked={agree} onChange={setAgree} disabled={consent.isPending}>
              {t('orders.consent.agree')}
            </Checkbox>
          </>
        )}
      </section>
      <Button block color="primary" size="large" loading={busy} onClick={() => void next()}>
        {t('orders.tips.next')}
      </Button>
    </>
  );
}
