import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api/client.ts';

/** The drawn image code of GET /api/login/getImageCode: tap the picture for another. */
export function usePhoneCaptcha() {
  const [cap, setCap] = useState<{ imageCodeToken: string; imageCode: string } | null>(null);
  const refresh = useCallback(async () => {
    try {
      setCap(await apiGet('/api/login/getImageCode', { silent: true }));
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
