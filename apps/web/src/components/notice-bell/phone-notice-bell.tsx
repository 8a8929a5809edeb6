import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarkRead, useMessages, useUnread } from './api.ts';

/**
 * The phone portal's bell, without antd (its first load stays small): the unread count on a
 * button that opens the latest messages, each linking to its order (a plain link: the phone
 * portal's router or a full load both follow it).
 */
export function PhoneNoticeBell(props: { className?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnread(true).data?.unread ?? 0;
  return (
    <div className={props.className} style={{ position: 'relative', display: 'inline-block' }}>
      <button
        type="button"
        data-testid="phone-notice-bell"
        aria-expanded={open}
        aria-label={unread ? t('notices.bellUnread', { count: unread }) : t('notices.bell')}
        onClick={() => setOpen((o) => !o)}
        style={{ background: 'none', border: 0, padding: 8, fontSize: 20, position: 'relative', cursor: 'pointer' }}
      >
        <span aria-hidden>🔔</span>
        {unread > 0 && (
          <span
            aria-hidden
            style={{
              position: 'absolute',
              top: 2,
              right: 0,
              minWidth: 16,
              padding: '0 4px',
              borderRadius: 8,
              background: '#d4380d',
              color: '#fff',
              fontSize: 11,
              lineHeight: '16px',
            }}
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && <PhoneNoticePanel />}
    </div>
  );
}

function PhoneNoticePanel() {
  const { t } = useTranslation();
  const q = useMessages(1, 10);
  const markRead = useMarkRead();
  const items = q.data?.items ?? [];
  return (
    <section
      aria-label={t('notices.title')}
      style={{
        position: 'absolute',
        right: 0,
        zIndex: 20,
        width: 'min(92vw, 360px)',
        maxHeight: '70vh',
        overflowY: 'auto',
        background: '#fff',
        color: '#222',
        boxShadow: '0 4px 16px rgba(0,0,0,.18)',
        borderRadius: 8,
        padding: 12,
        textAlign: 'left',
      }}
    >
      <h2 style={{ fontSize: 16, margin: '0 0 8px' }}>{t('notices.title')}</h2>
      {q.isLoading && <p role="status">{t('common.loading')}</p>}
      {!!q.error && <p role="alert">{t('common.error')}</p>}
      {!q.isLoading && !q.error && !items.length && <p>{t('notices.empty')}</p>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((m) => (
          <li key={m.id} data-testid="phone-notice-item" style={{ borderTop: '1px solid #eee', padding: '8px 0' }}>
            <strong>
              {!m.read && <span style={{ color: '#d4380d' }}>● </span>}
              {m.title}
            </strong>
            <p style={{ margin: '4px 0', fontSize: 14 }}>{m.text}</p>
            {m.link && (
              <a href={m.link} onClick={() => !m.read && void markRead(m.id)}>
                {t('notices.viewOrder')}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
