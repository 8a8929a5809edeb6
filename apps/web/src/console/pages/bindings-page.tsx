import { Button, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BindingRow } from '@portal/contract/console';
import { QueryState } from '../../components/query-state.tsx';
import { cGet, cPost } from '../console-api.ts';
import { when } from '../ui.tsx';

/** Unbinding requests (binding state 2): approve unbinds (3), refuse keeps the binding (1). */
export default function BindingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['console', 'bindings'], queryFn: () => cGet<BindingRow[]>('/api/console/bindings', { state: 2 }) });
  const decide = useMutation({
    mutationFn: (v: { id: number; verb: 'approve' | 'refuse' }) => cPost(`/api/console/bindings/${v.id}/${v.verb}`),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['console', 'bindings'] }),
  });
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.bindings')}</Typography.Title>
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <Table<BindingRow>
          rowKey="id"
          size="small"
          dataSource={q.data}
          columns={[
            { title: t('console.col.mobile'), dataIndex: 'memberMobile' },
            { title: t('console.col.name'), dataIndex: 'memberName' },
            { title: t('console.col.school'), render: (_, r) => `${r.schoolName ?? ''} (${r.yxdm})` },
            { title: t('console.col.studentId'), dataIndex: 'studentId' },
            { title: t('console.col.created'), dataIndex: 'updatedAt', render: when },
            {
              title: t('console.col.actions'),
              render: (_, r) => (
                <Space>
                  <Button size="small" type="primary" onClick={() => decide.mutate({ id: r.id, verb: 'approve' })}>
                    {t('console.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => decide.mutate({ id: r.id, verb: 'refuse' })}>
                    {t('console.refuse')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </QueryState>
    </section>
  );
}
