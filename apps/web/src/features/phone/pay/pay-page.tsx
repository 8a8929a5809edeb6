import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import SpinLoading from 'antd-mobile/es/components/spin-loading';
import { fenToYuan } from '@portal/contract/prices';
import { isWechatBrowser, type PhonePayWay } from '@portal/contract/phone-pay';
import { startPhonePay, usePhonePayOptions } from './api.ts';
import { payInWechat } from './wechat-bridge.ts';
import { OpenInBrowserGuide, WayButton } from './way-button.tsx';
import './phone-pay.css';

const WECHAT_GREEN = '#07a35a';
const ALIPAY_BLUE = '#1677ff';
const PHONE = '/phoneModify';
const returnPath = (id: number, paymentNo: string) =>
  `${PHONE}/pay/return?id=${id}&paymentNo=${encodeURIComponent(paymentNo)}`;

/**
 * Pay an order on a phone, by where the page is open: inside WeChat's browser WeChat Pay JSAPI (after
 * WeChat's authorisation gives the payer's openid; Alipay only with a guide to the phone's browser),
 * elsewhere WeChat Pay H5 and Alipay WAP. The amount is the server's; the server decides what is paid.
 */
export default function PhonePayPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.orderId ?? params.id) || 0;
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const inWechat = isWechatBrowser(navigator.userAgent);
  const options = usePhonePayOptions(id);
  const [busy, setBusy] = useState<null | 'redirect' | 'auth'>(null);
  const [paid, setPaid] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [guide, setGuide] = useState(false);
  const formHost = useRef<HTMLDivElement>(null);
  const resumed = useRef(false);

  const pay = async (way: PhonePayWay, auth?: { code: string; state: string }) => {
    setBusy('redirect');
    setNote(null);
    try {
      const r = await startPhonePay(id, way, auth);
      if (r.paid) return setPaid(true);
      if (r.h5Url) return window.location.assign(r.h5Url);
      if (r.aliPayHtml && formHost.current) {
        // The server's form (no inline script: the CSP forbids it) is inserted and submitted here.
        formHost.current.innerHTML = r.aliPayHtml;
        return formHost.current.querySelector('form')?.submit();
      }
      if (r.jsapi && r.paymentNo) {
        const outcome = await payInWechat(r.jsapi);
        // Finished in WeChat: the return page asks the server whether the money arrived.
        if (outcome === 'ok') return void navigate(returnPath(id, r.paymentNo));
        if (outcome === 'absent' && r.cashierUrl) return window.location.assign(r.cashierUrl);
        setNote(t(outcome === 'cancel' ? 'phonePay.cancelled' : 'phonePay.bridgeFailed'));
      }
    } catch {
      // The client has shown the server's message.
    }
    setBusy(null);
  };

  // Back from WeChat's authorisation with its code (spent once) and state: pay by JSAPI straight away.
  const code = search.get('code');
  const state = search.get('state');
  const jsapiReady = !!options.data?.ways.jsapi;
  useEffect(() => {
    if (resumed.current || !inWechat || !code || !state || !jsapiReady) return;
    resumed.current = true;
    void navigate(location.pathname, { replace: true });
    void pay('jsapi', { code, state });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the options say JSAPI is there
  }, [jsapiReady, code, state]);

  if (options.isLoading)
    return (
      <div className="phone-loading">
        <SpinLoading aria-label={t('phonePay.title')} />
      </div>
    );
  if (options.isError || !options.data)
    return (
      <div className="phone-card pp-result">
        <p>{t('phone.loadFailed')}</p>
        <Button onClick={() => void options.refetch()}>{t('phone.retry')}</Button>
      </div>
    );
  const o = options.data;
  const orderLink = `${PHONE}/orders/${id}${o.kind === 'individual' ? '' : `?kind=${o.kind}`}`;

  if (paid)
    return (
      <div className="phone-card pp-result" data-testid="pp-paid">
        <div className="pp-result-icon" style={{ background: WECHAT_GREEN }} aria-hidden="true">
          ✓
        </div>
        <h1 className="phone-title">{t('phonePay.paid')}</h1>
        <p className="phone-muted">{t('phonePay.paidNote')}</p>
        <Link to={orderLink}>{t('phonePay.toOrder')}</Link>
      </div>
    );

  const wechatWay: PhonePayWay | null = inWechat ? (o.ways.jsapi ? 'jsapi' : null) : o.ways.h5 ? 'h5' : null;
  const payWechat = () => {
    if (wechatWay === 'jsapi' && o.wechatAuthUrl) {
      setBusy('auth');
      return window.location.assign(o.wechatAuthUrl);
    }
    if (wechatWay) void pay(wechatWay);
  };
  const payAlipay = () => (inWechat ? setGuide(true) : void pay('wap'));

  return (
    <>
      <h1 className="phone-title">{t('phonePay.title')}</h1>
      <section className="phone-card" aria-label={t('phonePay.amount')}>
        <div className="phone-row phone-muted">
          <span>{t('phonePay.orderNo')}</span>
          <span data-testid="pp-order-no">{o.orderNo}</span>
        </div>
        <div className="phone-muted" style={{ marginTop: 8 }}>
          {t('phonePay.amount')}
        </div>
        <div className="pp-amount" data-testid="pp-amount">
          ¥ {fenToYuan(o.amountFen)}
        </div>
      </section>
      {!o.payable ? (
        <div className="phone-card pp-result">
          <p>{t('phonePay.notPayable')}</p>
          <Link to={orderLink}>{t('phonePay.toOrder')}</Link>
        </div>
      ) : (
        <>
          <h2 className="phone-section-title">{t('phonePay.chooseWay')}</h2>
          <div className="pp-ways">
            {wechatWay && (
              <WayButton
                mark="微"
                color={WECHAT_GREEN}
                name={t('phonePay.wechat')}
                hint={t('phonePay.wechatHint')}
                disabled={!!busy}
                testId="pp-way-wechat"
                onClick={payWechat}
              />
            )}
            {o.ways.wap && (
              <WayButton
                mark="支"
                color={ALIPAY_BLUE}
                name={t('phonePay.alipay')}
                hint={t(inWechat ? 'phonePay.alipayInWechat' : 'phonePay.alipayHint')}
                disabled={!!busy}
                testId="pp-way-alipay"
                onClick={payAlipay}
              />
            )}
            {!wechatWay && !o.ways.wap && <p className="phone-muted">{t('phonePay.noWays')}</p>}
          </div>
          {busy && (
            <p className="phone-muted" role="status" style={{ margin: 12 }}>
              {t(busy === 'auth' ? 'phonePay.authorising' : 'phonePay.redirecting')}
            </p>
          )}
          {note && (
            <p className="pp-note" role="alert">
              {note}
            </p>
          )}
        </>
      )}
      <div ref={formHost} hidden />
      {guide && (
        <OpenInBrowserGuide
          title={t('phonePay.guideTitle')}
          steps={[t('phonePay.guideStep1'), t('phonePay.guideStep2'), t('phonePay.guideStep3')]}
          copyLabel={t('phonePay.guideCopy')}
          close={t('phonePay.guideClose')}
          onClose={() => setGuide(false)}
        />
      )}
    </>
  );
}
