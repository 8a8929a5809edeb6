import { Breadcrumb, Card, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useBanners } from '../api.ts';
import '../home.css';

/** A type-2 banner's rich content; images scale to fit. */
export default function BannerContentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('content'));
  const q = useBanners();
  const banner = q.data?.find((b) => b.id === id && b.type === 2);
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/home">{t('page.home')}</Link> }, { title: t('home.bannerContent') }]}
        style={{ marginBottom: 16 }}
      />
      <Card>
        <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
          {banner ? (
            <article className="banner-content">
              <h1 className="page-title">{pick(banner.title)}</h1>
              <SafeHtml html={pick(banner.content)} />
            </article>
          ) : (
            <Result status="404" title={t('home.bannerMissing')} />
          )}
        </QueryState>
      </Card>
    </>
  );
}
