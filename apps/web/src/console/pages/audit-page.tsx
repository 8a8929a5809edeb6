import { useState } from 'react';
import { Button, DatePicker, Form, Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import type { AuditRow } from '@portal/contract/console';
import { QueryState } from '../../components/query-state.tsx';
import { cGet } from '../console-api.ts';
import { when } from '../ui.tsx';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

export function AuditTable({ rows, total, page, onPage }: { rows: AuditRow[]; total?: number; page?: number; onPage?: (p: number) => void }) {
  const { t } = useTranslation();
  return (
    <Table<AuditRow>
      rowKey="id"
      size="small"
      dataSource={rows}
      pagination={onPage ? { current: page, total, pageSize: 20, onChange: onPage, showSizeChanger: false } : false}
      columns={[
        { title: t('console.audit.when'), dataIndex: 'createdAt', render: when, width: 170 },
        { title: t('console.audit.who'), render: (_, r) => r.actorName ?? r.actorKind },
        { title: t('console.audit.what'), dataIndex: 'action' },
        { title: t('console.audit.target'), render: (_, r) => (r.targetKind ? `${r.targetKind} ${r.targetId ?? ''}` : '') },
        { title: t('console.audit.before'), dataIndex: 'before', render: json },
        { title: t('console.audit.after'), dataIndex: 'after', render: json },
      ]}
    />
  );
}

/** The admins' search over the audit log. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  const [page, setPage] = useState(1);
  const q = useQuery({ queryKey: ['console', 'audit', filters, page], queryFn: () => cGet<{ total: number; rows: AuditRow[] }>('/api/console/audit', { ...filters, page }) });
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.audit')}</Typography.Title>
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: { actor?: string; action?: string; targetId?: string; range?: [Dayjs, Dayjs] }) => {
          setPage(1);
          setFilters({ actor: v.actor, action: v.action, targetId: v.targetId, from: v.range?.[0].format('YYYY-MM-DD'), to: v.range?.[1].format('YYYY-MM-DD') });
        }}
      >
        <Form.Item name="actor" label={t('console.audit.who')}><Input allowClear /></Form.Item>
        <Form.Item name="action" label={t('console.audit.what')}><Input allowClear /></Form.Item>
        <Form.Item name="targetId" label={t('console.audit.target')}><Input allowClear /></Form.Item>
        <Form.Item name="range" label={t('console.col.date')}><DatePicker.RangePicker /></Form.Item>
        <Button type="primary" htmlType="submit">{t('console.search')}</Button>
      </Form>
      <QueryState loading={q.isLoading} error={q.error} empty={q.data?.total === 0} onRetry={() => void q.refetch()}>
        <AuditTable rows={q.data?.rows ?? []} total={q.data?.total} page={page} onPage={setPage} />
      </QueryState>
    </section>
  );
}
