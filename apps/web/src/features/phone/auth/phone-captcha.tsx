import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api/client.ts';

const fetchCaptcha = () => apiGet('/api/login/getImageCode', { silent: true });
let early: ReturnType<typeof fetchCaptcha> | undefined;
/** Asks for the first image code while the login screen's files load (phone-routes.tsx): it is the screen's largest picture. */
export function prefetchCaptcha(): void {
  early ??= fetchCaptcha();
  early.catch(() => undefined);
}

/** The drawn image code of GET /api/login/getImageCode: tap the picture for another. */
export function usePhoneCaptcha() {
  const [cap, setCap] = useState<{ imageCodeToken: string; imageCode: string } | null>(null);
  const refresh = useCallback(async () => {
    // The one asked early serves the first showing only; every later one is new.
    const next = early ?? fetchCaptcha();
    early = undefined;
    try {
      setCap(await next);
    } catch {
      setCap(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { token: cap?.imageCodeToken ?? '', image: cap?.imageCode ?? '', refresh };
}

export function CaptchaImage({ captcha }: { captcha: ReturnType<typeof usePhoneCaptcha> }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="phone-captcha"
      aria-label={t('phone.login.newImage')}
      onClick={() => void captcha.refresh()}
    >
      {captcha.image && <img src={captcha.image} alt={t('phone.login.imageAlt')} />}
    </button>
  );
}
