import { useState } from 'react';
import { Collapse, Input, Segmented } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FAQ_TYPES } from '@portal/contract/content';
import { QueryState } from '../../../components/query-state.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useFaqs } from '../api.ts';
import { ContentPage } from '../components/content-page.tsx';

/** FAQ by type with a question search answered by the server. */
export default function HelpCenterPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const initialType = Number(params.type ?? search.get('type')) || 0;
  const [type, setType] = useState(FAQ_TYPES[initialType] ? initialType : 0);
  const [question, setQuestion] = useState('');
  const q = useFaqs(question, type || undefined);
  return (
    <ContentPage title={t('content.help.title')}>
      <div className="help-toolbar">
        <Segmented
          value={type}
          onChange={(v) => setType(Number(v))}
          options={[
            { value: 0, label: t('content.help.all') },
            ...Object.entries(FAQ_TYPES).map(([k, v]) => ({ value: Number(k), label: pick(v) })),
          ]}
        />
        <label className="help-search">
          <span className="sr-only">{t('content.help.search')}</span>
          <Input.Search
            allowClear
            enterButton={t('content.help.search')}
            placeholder={t('content.help.searchPlaceholder')}
            aria-label={t('content.help.search')}
            maxLength={100}
            onSearch={(v) => setQuestion(v.trim())}
          />
        </label>
      </div>
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <p className="help-count">{t('content.help.count', { n: q.data?.length ?? 0 })}</p>
        <Collapse
          items={(q.data ?? []).map((f) => ({
            key: f.id,
            label: pick(f.question),
            children: <SafeHtml html={pick(f.answer)} />,
          }))}
        />
      </QueryState>
    </ContentPage>
  );
}
