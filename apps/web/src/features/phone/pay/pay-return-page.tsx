import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import { fenToYuan } from '@portal/contract/prices';
import type { PayStatusResponse } from '@portal/contract/payments';
import { readPayStatus } from './api.ts';
import './phone-pay.css';

const PHONE = '/phoneModify';
type Phase = 'ask' | 'querying' | 'paid' | 'notPaid' | 'failed' | 'error';

/**
 * Where a phone payment returns (WeChat H5's redirect_url, Alipay's return_url, after WeChat's pay
 * sheet). Returning proves nothing, so the page does not conclude by itself: it asks 支付完成 / 遇到问题,
 * and only then asks the server (which asks the platform), and shows success or the way back.
 */
export default function PhonePayReturnPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const paymentNo = search.get('paymentNo') ?? '';
  const [phase, setPhase] = useState<Phase>('ask');
  const [why, setWhy] = useState<'done' | 'problem'>('done');
  const [status, setStatus] = useState<PayStatusResponse | null>(null);

  if (!id || !paymentNo)
    return (
      <div className="phone-card pp-result">
        <p>{t('phonePay.return.badLink')}</p>
        <Link to={`${PHONE}/orders`}>{t('phonePay.toOrders')}</Link>
      </div>
    );

  const check = async (reason: 'done' | 'problem') => {
    setWhy(reason);
    setPhase('querying');
    try {
      const s = await readPayStatus(id, paymentNo);
      setStatus(s);
      setPhase(s.paymentState === 'paid' ? 'paid' : s.paymentState === 'failed' ? 'failed' : 'notPaid');
    } catch {
      setPhase('error');
    }
  };
  const kind = status?.kind ?? 'individual';
  const orderLink = `${PHONE}/orders/${id}${kind === 'individual' ? '' : `?kind=${kind}`}`;
  const payLink = `${PHONE}/orders/${id}/pay`;

  if (phase === 'paid')
    return (
      <div className="phone-card pp-result" data-testid="pp-paid">
        <div className="pp-result-icon" style={{ background: '#07a35a' }} aria-hidden="true">
          ✓
        </div>
        <h1 className="phone-title">{t('phonePay.paid')}</h1>
        {status && <div className="pp-amount">¥ {fenToYuan(status.amountFen)}</div>}
        <p className="phone-muted">{t('phonePay.paidNote')}</p>
        <Link to={orderLink}>{t('phonePay.toOrder')}</Link>
      </div>
    );

  const outcome =
    phase === 'notPaid'
      ? {
          head: t('phonePay.return.notPaid'),
          note: t(why === 'problem' ? 'phonePay.return.problemNote' : 'phonePay.return.notPaidNote'),
        }
      : phase === 'failed'
        ? { head: t('phonePay.return.failed'), note: t('phonePay.return.problemNote') }
        : phase === 'error'
          ? { head: t('phonePay.queryFailed'), note: '' }
          : null;

  return (
    <>
      <h1 className="phone-title">{t('phonePay.return.title')}</h1>
      {outcome ? (
        <section className="phone-card" role="status" data-testid="pp-not-paid">
          <h2 className="phone-section-title" style={{ marginTop: 0 }}>
            {outcome.head}
          </h2>
          {outcome.note && <p className="phone-muted">{outcome.note}</p>}
          <div className="phone-actions">
            <Button color="primary" onClick={() => void check('done')}>
              {t('phonePay.return.again')}
            </Button>
            {/* A fresh load of the pay page: it reads the order and the ways anew. */}
            <a
              href={payLink}
              className="adm-button adm-button-default adm-button-shape-default"
              style={{ textAlign: 'center' }}
            >
              {t('phonePay.return.backToPay')}
            </a>
          </div>
        </section>
      ) : (
        <section className="phone-card">
          <p className="phone-muted">{t('phonePay.return.note')}</p>
          <div className="phone-actions" style={{ flexDirection: 'column' }}>
            <Button
              block
              color="primary"
              size="large"
              loading={phase === 'querying'}
              onClick={() => void check('done')}
            >
              {t('phonePay.return.done')}
            </Button>
            <Button block size="large" disabled={phase === 'querying'} onClick={() => void check('problem')}>
              {t('phonePay.return.problem')}
            </Button>
          </div>
          {phase === 'querying' && (
            <p className="phone-muted" role="status">
              {t('phonePay.return.querying')}
            </p>
          )}
        </section>
      )}
    </>
  );
}
