import { useState } from 'react';
import { Button, DatePicker, Form, Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { AuditRow } from '@portal/contract/console';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchAudit } from '../api.ts';
import { Clip, when } from '../ui.tsx';
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
      pagination={onPage ? { current: page, total, pageSize: 20, onChange: onPage, showSizeChanger: false } : false}
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
              {diffLines(t, r.before, r.after).map((l) => (
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

/** The admins' search over the audit log. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['console', 'audit', filters, page],
    queryFn: () => fetchAudit({ ...filters, page }),
  });
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.audit')}</Typography.Title>
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: { actor?: string; action?: string; targetId?: string; range?: [Dayjs, Dayjs] }) => {
          setPage(1);
          setFilters({
            actor: v.actor,
            action: v.action,
            targetId: v.targetId,
            from: v.range?.[0].format('YYYY-MM-DD'),
            to: v.range?.[1].format('YYYY-MM-DD'),
          });
        }}
      >
        <Form.Item name="actor" label={t('console.audit.who')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="action" label={t('console.audit.what')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="targetId" label={t('console.audit.target')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="range" label={t('console.col.date')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('console.search')}
        </Button>
      </Form>
      <QueryState loading={q.isLoading} error={q.error} empty={q.data?.total === 0} onRetry={() => void q.refetch()}>
        <AuditTable rows={q.data?.rows ?? []} total={q.data?.total} page={page} onPage={setPage} />
      </QueryState>
    </section>
  );
}
