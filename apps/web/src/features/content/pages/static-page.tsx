import { useState } from 'react';
import { Alert, Breadcrumb, Card, Result } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useStaticPage } from '../api.ts';
import { TileMap } from '../components/tile-map.tsx';
import '../content.css';

/** aboutUs, copyRight, contactUs; the contact page adds the map. */
export default function StaticPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const key = params.type ?? search.get('type') ?? 'aboutUs';
  const q = useStaticPage(key);
  const { data: settings } = useSettings();
  const [mapFailed, setMapFailed] = useState(false);
  const p = q.data;
  return (
    <>
      <Breadcrumb
        items={[{ title: <Link to="/home">{t('page.home')}</Link> }, { title: p ? pick(p.title) : '' }]}
        className="content-crumbs"
      />
      <Card>
        {q.error ? (
          <Result status="404" title={t('content.static.notFound')} />
        ) : (
          <QueryState loading={q.isLoading} onRetry={() => void q.refetch()}>
            {p && (
              <article>
                <h1 className="page-title">{pick(p.title)}</h1>
                <SafeHtml html={pick(p.content)} />
                {p.map && (
                  <section className="contact-map" aria-label={t('content.map.title')}>
                    <h2 className="content-h2">{t('content.map.title')}</h2>
                    {!mapFailed && settings?.mapTileUrl ? (
                      <TileMap
                        key={settings.mapTileUrl}
                        lon={p.map.lon}
                        lat={p.map.lat}
                        zoom={p.map.zoom}
                        template={settings.mapTileUrl}
                        label={pick(p.map.address)}
                        onFail={() => setMapFailed(true)}
                      />
                    ) : (
                      <div className="map-fallback" role="note">
                        <Alert type="info" showIcon message={t('content.map.fallback')} />
                        <p className="map-fallback-address">
                          <EnvironmentOutlined /> {t('content.map.address')}: {pick(p.map.address)}
                        </p>
                        <p className="map-fallback-coords">
                          {p.map.lat.toFixed(4)}° N, {p.map.lon.toFixed(4)}° E
                        </p>
                      </div>
                    )}
                  </section>
                )}
              </article>
            )}
          </QueryState>
        )}
      </Card>
    </>
  );
}
