import { useEffect, useState } from 'react';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import 'antd-mobile/es/global';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import enUS from 'antd-mobile/es/locales/en-US';
import { addLocales, currentLang, i18n } from '../../lib/i18n-core.ts';
import { setNavigator } from '../../lib/navigation.ts';
import phoneLocale from '../../locales/phone.ts';
import phonePayLocale from '../../locales/phone-pay.ts';
import { phoneRoutes } from './phone-routes.tsx';
import { phonePathFor } from './paths.ts';
import { phoneQueryClient } from './query-client.ts';
import './phone-toast.ts';
import './phone.css';

addLocales(phoneLocale, phonePayLocale);

/**
 * The screens, in the declarative router (no data router: each screen loads its own data with
 * react-query, so the first load carries no loaders or forms). The API client (700 -> /login)
 * and other shared code navigate within the phone portal.
 */
function PhoneScreens() {
  const navigate = useNavigate();
  useEffect(() => setNavigator((to, o) => void navigate(phonePathFor(to), o)), [navigate]);
  return useRoutes(phoneRoutes);
}

/** The phone portal: antd-mobile's locale and the page language follow i18next's. */
export function PhoneApp() {
  const [lang, setLang] = useState(currentLang());
  useEffect(() => {
    const on = () => setLang(currentLang());
    i18n.on('languageChanged', on);
    return () => i18n.off('languageChanged', on);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = i18n.t('phone.brand');
  }, [lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={lang === 'zh' ? zhCN : enUS}>
        <QueryClientProvider client={phoneQueryClient}>
          <BrowserRouter>
            <PhoneScreens />
          </BrowserRouter>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
