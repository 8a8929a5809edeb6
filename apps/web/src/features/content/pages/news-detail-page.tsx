import { Breadcrumb, Button, Card, Result } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isSafeLink } from '@portal/contract/links';
import { QueryState } from '../../../components/query-state.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useNewsDetail } from '../api.ts';
import '../content.css';

export default function NewsDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id ?? search.get('id')) || 0;
  const q = useNewsDetail(id);
  const n = q.data;
  return (
    <>
      <Breadcrumb
        className="content-crumbs"
        items={[
          { title: <Link to="/home">{t('page.home')}</Link> },
          { title: <Link to="/home/newsList">{t('content.news.title')}</Link> },
          { title: t('page.news-detail') },
        ]}
      />
      <Card>
        {!id ? (
          <Result status="404" title={t('msg.content.newsNotFound')} />
        ) : (
          <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
            {n && (
              <article className="news-article">
                <h1 className="page-title">{pick(n.title)}</h1>
                <p className="news-meta">{t('content.news.published', { date: n.publishedAt.slice(0, 10) })}</p>
                {n.type === 2 && isSafeLink(n.url) ? (
                  <a href={n.url} target="_blank" rel="noopener noreferrer">
                    {t('content.news.openExternal')}
                  </a>
                ) : (
                  <SafeHtml html={pick(n.content)} />
                )}
              </article>
            )}
          </QueryState>
        )}
        <Link to="/home/newsList">
          <Button style={{ marginTop: 24 }}>{t('content.news.back')}</Button>
        </Link>
      </Card>
    </>
  );
}
