import { Suspense, useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import { currentLang, setLang } from '../../../lib/i18n-core.ts';
import { useSettings, FALLBACK_INACTIVITY } from '../../../lib/settings.ts';
import { PHONE, phonePaths } from '../paths.ts';
import { usePhoneInactivity } from './use-phone-inactivity.ts';
import { PhoneHeaderExtra } from './header-extra.tsx';

const TABS = [
  { to: phonePaths.orders, key: 'phone.tab.orders', icon: '▤' },
  { to: phonePaths.newOrder, key: 'phone.tab.new', icon: '＋' },
  { to: phonePaths.help, key: 'phone.tab.help', icon: '？' },
  { to: phonePaths.me, key: 'phone.tab.me', icon: '◉' },
] as const;

/** Top-level screens show the tab bar; deeper ones a back button instead. */
const isTop = (path: string) => path === PHONE || TABS.some((t) => t.to === path) || path === phonePaths.login;

/**
 * The phone portal's frame: one column, a header with the screen's title, the language switch
 * (and the notice bell when present), and a bottom tab bar within the thumb's reach.
 */
export function PhoneLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: settings } = useSettings();
  usePhoneInactivity(settings?.inactivitySeconds ?? FALLBACK_INACTIVITY);
  const top = isTop(location.pathname);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);
  const other = currentLang() === 'zh' ? 'en' : 'zh';
  return (
    <div className="phone">
      <header className="phone-header">
        {!top && (
          <button type="button" className="phone-icon-button" aria-label={t('phone.back')} onClick={() => navigate(-1)}>
            ‹
          </button>
        )}
        <span className="phone-brand">{t('phone.brand')}</span>
        <PhoneHeaderExtra />
        <button
          type="button"
          className="phone-lang"
          lang={other === 'zh' ? 'zh-CN' : 'en'}
          aria-label={t('phone.switchLanguage')}
          onClick={() => setLang(other)}
        >
          {other === 'zh' ? '中文' : 'EN'}
        </button>
      </header>
      <main className="phone-main">
        <Suspense
          fallback={
            <div className="phone-loading">
              <DotLoading color="primary" />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      {top && (
        <nav className="phone-tabs" aria-label={t('phone.tabs')}>
          {TABS.map((tab) => (
            <NavLink key={tab.to} to={tab.to} className="phone-tab">
              <span aria-hidden="true" className="phone-tab-icon">
                {tab.icon}
              </span>
              {t(tab.key)}
            </NavLink>
          ))}
        </nav>
      )}
    </div>
  );
}
