import { useEffect, useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useNotices } from '../api.ts';

/** Website notices, one at a time, changing every 30 s (document 1, section 9). */
export const NOTICE_MS = 30_000;

export function NoticeTab() {
  const { t } = useTranslation();
  const q = useNotices();
  const list = q.data ?? [];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (list.length < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % list.length), NOTICE_MS);
    return () => window.clearInterval(timer);
  }, [list.length]);
  const current = list[index % Math.max(list.length, 1)];
  return (
    <Card className="home-notice" styles={{ body: { paddingTop: 0 } }}>
      <Tabs
        items={[
          {
            key: 'notice',
            label: t('home.notice.tab'),
            children: (
              <QueryState loading={q.isLoading} error={q.error} empty={!list.length} onRetry={() => void q.refetch()}>
                {current && (
                  <article aria-live="polite" data-notice-id={current.id}>
                    <h2 className="home-notice-title">{pick(current.title)}</h2>
                    <SafeHtml html={pick(current.content)} />
                    <div className="home-notice-dots">
                      {list.map((n, i) => (
                        <button
                          key={n.id}
                          type="button"
                          aria-label={pick(n.title)}
                          aria-current={i === index}
                          onClick={() => setIndex(i)}
                        />
                      ))}
                      <span>{t('home.notice.more', { n: list.length })}</span>
                    </div>
                  </article>
                )}
              </QueryState>
            ),
          },
        ]}
      />
    </Card>
  );
}
