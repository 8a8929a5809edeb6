import { List, Pagination, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NEWS_PAGE_SIZE } from '@portal/contract/content';
import { isSafeLink } from '@portal/contract/links';
import { QueryState } from '../../../components/query-state.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useNewsPage } from '../api.ts';
import { ContentPage } from '../components/content-page.tsx';

/** News, 20 to a page, paginated on the server; type 1 opens the detail, type 2 its external url. */
export default function NewsListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useNewsPage(page);
  const data = q.data;
  return (
    <ContentPage title={t('content.news.title')}>
      <QueryState loading={q.isLoading} error={q.error} empty={!data?.list.length} onRetry={() => void q.refetch()}>
        <List
          className="news-list"
          dataSource={data?.list ?? []}
          renderItem={(n) => (
            <List.Item extra={<time dateTime={n.publishedAt}>{n.publishedAt.slice(0, 10)}</time>}>
              {n.type === 2 && isSafeLink(n.url) ? (
                <a href={n.url} target="_blank" rel="noopener noreferrer">
                  {pick(n.title)} <Tag color="blue">{t('content.news.external')}</Tag>
                </a>
              ) : (
                <Link to={`/home/newsList/newsDetails/${n.id}`}>{pick(n.title)}</Link>
              )}
            </List.Item>
          )}
        />
        <Pagination
          className="content-pager"
          current={page}
          pageSize={NEWS_PAGE_SIZE}
          total={data?.total ?? 0}
          showSizeChanger={false}
          hideOnSinglePage
          onChange={(p) => {
            setParams({ page: String(p) });
            window.scrollTo(0, 0);
          }}
        />
      </QueryState>
    </ContentPage>
  );
}
