import { Button, Popconfirm, Space, Tag, Typography, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BindingRow } from '@portal/contract/console';
import type { BindingDisputeRow, ResolveDisputeBody } from '@portal/contract/reprint';
import { QueryTable } from '../query-table.tsx';
import { decideBinding, fetchBindingDisputes, fetchBindings, resolveDispute } from '../api.ts';
import { when } from '../ui.tsx';

/**
 * Open binding disputes: a member proved identity for a record another member holds; that
 * binding is suspended until staff give the record to the claimant or restore it.
 */
function DisputesQueue() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['console', 'binding-disputes'],
    queryFn: () => fetchBindingDisputes(1),
  });
  const resolve = useMutation({
    mutationFn: (v: { id: number; outcome: ResolveDisputeBody['outcome'] }) =>
      resolveDispute(v.id, { outcome: v.outcome }),
    onSuccess: () => void message.success(t('reprint.dispute.done'), 1),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['console'] }),
  });
  const member = (m: { account: string; name: string }) => (
    <span>
      {m.account} {m.name}
    </span>
  );
  return (
    <section data-testid="binding-disputes" style={{ marginBottom: 32 }}>
      <Typography.Title level={2}>{t('reprint.dispute.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('reprint.dispute.intro')}</Typography.Paragraph>
      <QueryTable<BindingDisputeRow>
        query={q}
        rowKey="id"
        pagination={false}
        columns={[
          {
            title: t('reprint.dispute.record'),
            render: (_, r) => `${r.schoolName ?? ''} (${r.yxdm}) ${r.studentId}`,
          },
          {
            title: t('reprint.dispute.holder'),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                {member(r.holder)}
                <Typography.Text type="secondary">
                  {t('reprint.dispute.boundAt', { time: when(r.holder.boundAt) })}
                </Typography.Text>
                <Tag color={r.holder.proven ? 'blue' : 'orange'}>
                  {t(r.holder.proven ? 'reprint.dispute.proven' : 'reprint.dispute.unproven')}
                </Tag>
              </Space>
            ),
          },
          { title: t('reprint.dispute.claimant'), render: (_, r) => member(r.claimant) },
          { title: t('reprint.dispute.raised'), dataIndex: 'createdAt', render: when },
          {
            title: t('console.col.actions'),
            render: (_, r) => (
              <Space wrap>
                <Popconfirm
                  title={t('reprint.dispute.toClaimantConfirm')}
                  onConfirm={() => resolve.mutate({ id: r.id, outcome: 'claimant' })}
                >
                  <Button size="small" type="primary">
                    {t('reprint.dispute.toClaimant')}
                  </Button>
                </Popconfirm>
                <Popconfirm
                  title={t('reprint.dispute.restoreConfirm')}
                  onConfirm={() => resolve.mutate({ id: r.id, outcome: 'holder' })}
                >
                  <Button size="small">{t('reprint.dispute.restore')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </section>
  );
}

/** Unbinding requests (binding state 2): approve unbinds (3), refuse keeps the binding (1). Open disputes come first. */
export default function BindingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['console', 'bindings'],
    queryFn: () => fetchBindings(2),
  });
  const decide = useMutation({
    mutationFn: (v: { id: number; verb: 'approve' | 'refuse' }) => decideBinding(v.id, v.verb),
    onSettled: () => void qc.invalidateQueries({ queryKey: ['console', 'bindings'] }),
  });
  return (
    <>
      <DisputesQueue />
      <section>
        <Typography.Title level={2}>{t('console.menu.bindings')}</Typography.Title>
        <QueryTable<BindingRow>
          query={q}
          rowKey="id"
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
      </section>
    </>
  );
}
