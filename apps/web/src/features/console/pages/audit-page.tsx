import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '@portal/contract/console';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchAudit } from '../api.ts';
import { Clip, when } from '../ui.tsx';
import { DateRangeFilter, SearchForm, TextFilter, withDates, type DateRange } from '../search-form.tsx';
import { serverPages, usePagedSearch } from '../paged-search.ts';
import { actionText, diffLines, targetText } from '../audit-words.ts';

export function AuditTable({
  rows,
  total,
  page,
  onPage,
}: {
  rows: AuditRow[];
  total?: number;
  page?: number;
  onPage?: (p: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Table<AuditRow>
      rowKey="id"
      size="small"
      tableLayout="fixed"
      dataSource={rows}
      pagination={serverPages(onPage, page, total)}
      columns={[
        // Fixed widths for the short columns; the change takes the rest, each line cut with a tooltip.
        {
          title: t('console.audit.when'),
          dataIndex: 'createdAt',
          render: (w: string) => <Clip text={when(w)} />,
          width: 170,
        },
        {
          title: t('console.audit.who'),
          width: 120,
          render: (_, r) => (
            <Clip text={r.actorName ?? t(`console.actor.${r.actorKind}`, { defaultValue: r.actorKind })} />
          ),
        },
        {
          title: t('console.audit.what'),
          dataIndex: 'action',
          width: 180,
          render: (a: string) => <Clip text={actionText(t, a)} />,
        },
        {
          title: t('console.audit.target'),
          width: 160,
          render: (_, r) => <Clip text={targetText(t, r.targetKind, r.targetId)} />,
        },
        {
          title: t('console.audit.change'),
          render: (_, r) => (
            <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
              {diffLines(t, r.before, r.after, r.targetKind).map((l) => (
                <li key={l}>
                  <Clip text={l} />
                </li>
              ))}
            </ul>
          ),
        },
      ]}
    />
  );
}

interface AuditFilters {
  actor?: string;
  action?: string;
  targetId?: string;
  from?: string;
  to?: string;
}

/** The admins' search over the audit log. */
export default function AuditPage() {
  const { t } = useTranslation();
  const { q, page, setPage, search } = usePagedSearch('audit', (filters: AuditFilters, page) =>
    fetchAudit({ ...filters, page }),
  );
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.audit')}</Typography.Title>
      <SearchForm onFinish={(v: AuditFilters & { range?: DateRange }) => search(withDates(v))}>
        <TextFilter name="actor" label={t('console.audit.who')} />
        <TextFilter name="action" label={t('console.audit.what')} />
        <TextFilter name="targetId" label={t('console.audit.target')} />
        <DateRangeFilter />
      </SearchForm>
      <QueryState loading={q.isLoading} error={q.error} empty={q.data?.total === 0} onRetry={() => void q.refetch()}>
        <AuditTable rows={q.data?.rows ?? []} total={q.data?.total} page={page} onPage={setPage} />
      </QueryState>
    </section>
  );
}
