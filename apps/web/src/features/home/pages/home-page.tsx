import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CameraOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  EnvironmentOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { LoginRequiredDialog } from '../../../components/login-required-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { getSession, isLoggedIn, setSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { fetchBindStatus, useBanners, usePickNumber } from '../api.ts';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { NotesDialog } from '../components/notes-dialog.tsx';
import { NoticeTab } from '../components/notice-tab.tsx';
import { ImportantNotice } from '../components/important-notice.tsx';
import '../home.css';

type Notes = 'individual' | 'collective' | null;

/** Bind check answer -> where the reprint goes (document 1, section 4). */
export function reprintTarget(status: number): string {
  if (status === 1) return '/developFilms';
  if (status === 2) return '/untiedId';
  return '/newId';
}

/** The public content pages linked from the home page, in their order. */
const CONTENT_LINKS = [
  { to: '/home/downloadExcel', icon: <FileTextOutlined />, label: 'home.link.forms' },
  { to: '/home/collectionCenter', icon: <EnvironmentOutlined />, label: 'home.link.centres' },
  { to: '/home/helpCenter', icon: <QuestionCircleOutlined />, label: 'home.link.faq' },
  { to: '/home/newsList', icon: <ReadOutlined />, label: 'home.link.news' },
];

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banners = useBanners();
  const picks = usePickNumber();
  const { data: settings } = useSettings();
  const [notes, setNotes] = useState<Notes>(null);
  const [login, setLogin] = useState<'individual' | 'reprint' | null>(null);

  const reprint = useCallback(async () => {
    if (!isLoggedIn()) return setLogin('reprint');
    try {
      navigate(reprintTarget(await fetchBindStatus()));
    } catch {
      // the client already showed the message
    }
  }, [navigate]);

  // After login the user comes back here: reopen what they were doing, once.
  useEffect(() => {
    const back = getSession('backhome');
    if (!back || !isLoggedIn()) return;
    setSession('backhome', null);
    if (back === 'individual' || back === 'collective') setNotes(back);
    else if (back === 'reprint') void reprint();
  }, [reprint]);

  const confirmNotes = () => {
    const kind = notes;
    setNotes(null);
    if (kind === 'collective') navigate('/home/collectFirst');
    else if (kind === 'individual') {
      if (isLoggedIn()) navigate('/home/submitPhoto/uploadPhoto');
      else setLogin('individual');
    }
  };

  const cards = [
    { key: 'individual', icon: <CameraOutlined />, onClick: () => setNotes('individual') },
    { key: 'collective', icon: <TeamOutlined />, onClick: () => setNotes('collective') },
    { key: 'reprint', icon: <PictureOutlined />, onClick: () => void reprint() },
  ];

  return (
    <div className="home">
      <h1 className="sr-only">{t('page.home')}</h1>
      {/* The banner's box is reserved while it loads, so the cards below never jump. */}
      <div className="home-banner-slot">
        <QueryState
          loading={banners.isLoading}
          error={banners.error}
          empty={!banners.data?.length}
          onRetry={() => void banners.refetch()}
        >
          <BannerCarousel banners={banners.data ?? []} />
        </QueryState>
      </div>

      <section className="home-cards" aria-label={t('home.services')}>
        {cards.map((c) => (
          <button key={c.key} type="button" className={`home-card home-card-${c.key}`} onClick={c.onClick}>
            <span className="home-card-icon" aria-hidden>
              {c.icon}
            </span>
            <span className="home-card-title">{t(`home.${c.key}.title`)}</span>
            <span className="home-card-desc">{t(`home.${c.key}.desc`)}</span>
            <span className="home-card-enter">{t('home.enter')} →</span>
          </button>
        ))}
      </section>

      <div className="home-lower">
        <NoticeTab />
        <Card className="home-links" title={<h2 className="home-h2">{t('home.links')}</h2>}>
          <nav className="home-link-grid">
            {CONTENT_LINKS.map((l) => (
              <Link key={l.to} to={l.to}>
                {l.icon} {t(l.label)}
              </Link>
            ))}
            <a href={settings?.chatUrl ?? '#'} target="_blank" rel="noopener noreferrer">
              <CustomerServiceOutlined /> {t('home.link.service')}
            </a>
          </nav>
          <div className="home-counter">
            {picks.isLoading ? (
              <Skeleton.Input active size="small" />
            ) : (
              <Statistic title={t('home.counter')} value={picks.data?.count ?? 0} suffix={t('home.counter.unit')} />
            )}
          </div>
        </Card>
      </div>

      <NotesDialog kind={notes} onClose={() => setNotes(null)} onConfirm={confirmNotes} />
      <LoginRequiredDialog
        open={login !== null}
        onClose={() => setLogin(null)}
        variant={login === 'individual' ? 'photo' : 'action'}
        reopen={login ?? undefined}
      />
      <ImportantNotice />
    </div>
  );
}
