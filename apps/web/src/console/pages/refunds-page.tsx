import { useState } from 'react';
import { Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConsoleRefundRow } from '@portal/contract/payments';
import { QueryState } from '../../components/query-state.tsx';
import { cGet, cPost } from '../console-api.ts';
import { KindText, when, yuan } from '../ui.tsx';

/** The refund requests (the payments area's endpoints): approve refunds through the provider, or refuse. */
export default function RefundsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [status, setStatus] = useState<number | undefined>(1);
  const [refusing, setRefusing] = useState<ConsoleRefundRow | null>(null);
  const [reason, setReason] = useState('');
  const q = useQuery({ queryKey: ['console', 'refunds', status], queryFn: () => cGet<ConsoleRefundRow[]>('/api/console/refunds', { status }) });
  const done = () => void qc.invalidateQueries({ queryKey: ['console'] });
  const approve = useMutation({ mutationFn: (id: number) => cPost(`/api/console/refunds/${id}/approve`), onSettled: done });
  const refuse = useMutation({
    mutationFn: (v: { id: number; reason: string }) => cPost(`/api/console/refunds/${v.id}/refuse`, { reason: v.reason }),
    onSettled: () => {
      setRefusing(null);
      setReason('');
      done();
    },
  });
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.refunds')}</Typography.Title>
      <Space style={{ marginBottom: 12 }}>
        <label htmlFor="refund-status">{t('console.col.state')}</label>
        <Select
          id="refund-status"
          style={{ width: 160 }}
          allowClear
          value={status}
          onChange={setStatus}
          options={[1, 3, 4, 5].map((s) => ({ value: s, label: t(`console.refund.status.${s}`) }))}
        />
      </Space>
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <Table<ConsoleRefundRow>
          rowKey="id"
          size="small"
          dataSource={q.data}
          columns={[
            { title: t('console.col.refundNo'), dataIndex: 'refundNo' },
            { title: t('console.col.orderNo'), dataIndex: 'orderNo', render: (no: string, r) => <Link to={`/orders/${r.orderId}`}>{no}</Link> },
            { title: t('console.col.kind'), dataIndex: 'kind', render: (k: string) => <KindText kind={k} /> },
            { title: t('console.col.mobile'), dataIndex: 'mobile' },
            { title: t('console.col.amount'), dataIndex: 'amountFen', render: yuan },
            { title: t('console.col.state'), dataIndex: 'status', render: (s: number) => t(`console.refund.status.${s}`) },
            { title: t('console.col.reason'), render: (_, r) => r.failReason ?? r.reason ?? '—' },
            { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
            {
              title: t('console.col.actions'),
              render: (_, r) =>
                r.status === 1 || r.status === 2 ? (
                  <Space>
                    <Button size="small" type="primary" loading={approve.isPending && approve.variables === r.id} onClick={() => approve.mutate(r.id)}>
                      {t('console.approve')}
                    </Button>
                    <Button size="small" danger onClick={() => setRefusing(r)}>
                      {t('console.refuse')}
                    </Button>
                  </Space>
                ) : null,
            },
          ]}
        />
      </QueryState>
      <Modal open={!!refusing} title={t('console.refund.refuseTitle')} okButtonProps={{ danger: true, disabled: !reason.trim() }} onCancel={() => setRefusing(null)} onOk={() => refuse.mutate({ id: refusing!.id, reason })} confirmLoading={refuse.isPending}>
        <Input.TextArea aria-label={t('console.col.reason')} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </Modal>
    </section>
  );
}
