import { useEffect, useState, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, currentLang } from '../lib/i18n.ts';
import '../lib/api/antd-toaster.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false }, mutations: { retry: false } },
});

/**
 * The portal's colours. antd's default secondary texts and link blue fall under the 4.5:1
 * contrast of WCAG 2.1 AA on white; these are darkened to pass it.
 */
const THEME = {
  token: {
    colorPrimary: '#1d5fbf',
    colorLink: '#1d5fbf',
    colorInfo: '#1d5fbf',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.56)',
    borderRadius: 6,
  },
};

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
      <ConfigProvider locale={lang === 'zh' ? zhCN : enUS} theme={THEME}>
        <AntApp>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
