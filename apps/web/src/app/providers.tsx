import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, currentLang } from '../lib/i18n.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/** antd's locale and dayjs follow i18next's language. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [lang, setLang] = useState(currentLang());
  useEffect(() => {
    const on = () => setLang(currentLang());
    i18n.on('languageChanged', on);
    return () => i18n.off('languageChanged', on);
  }, []);
  useEffect(() => {
    dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  }, [lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={{ token: { colorPrimary: '#1d5fbf', borderRadius: 6 } }}>
        <AntApp>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
