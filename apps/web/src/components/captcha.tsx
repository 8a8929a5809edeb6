import { useCallback, useEffect, useState } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../lib/api/client.ts';

/** An image captcha from GET /api/login/getImageCode; refresh after every failure. */
export function useCaptcha() {
  const [cap, setCap] = useState<{ imageCodeToken: string; imageCode: string } | null>(null);
  const refresh = useCallback(async () => {
    try {
      setCap(await apiGet<{ imageCodeToken: string; imageCode: string }>('/api/login/getImageCode', { silent: true }));
    } catch {
      setCap(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return { token: cap?.imageCodeToken ?? '', image: cap?.imageCode ?? '', refresh };
}

/** The drawn captcha; clicking it (or Enter on it) draws a new one. */
export function CaptchaImage(props: { image: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="captcha-image" onClick={props.onRefresh} title={t('captcha.refresh')} aria-label={t('captcha.refresh')}>
      {props.image ? <img src={props.image} alt={t('captcha.alt')} width={120} height={40} /> : <Spin size="small" />}
    </button>
  );
}
