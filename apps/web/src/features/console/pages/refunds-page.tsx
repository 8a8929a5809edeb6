import { useState } from 'react';
import { Alert, Button, Input, Modal, Segmented, Select, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REFUND_REASONS, type ConsoleRefundRow } from '@portal/contract/payments';
import { pick } from '../../../lib/i18n.ts';
import { QueryTable } from '../query-table.tsx';
import { approveRefund, fetchRefunds, refuseRefund } from '../api.ts';
import { KindText, when } from '../ui.tsx';
import { yuanLabel } from '@portal/contract/prices';

type View = 'member' | 'automatic';

/** The member, as the money confirmation names them: name and masked mobile. */
const who = (r: ConsoleRefundRow) => [r.memberName, r.mobile].filter(Boolean).join(' ') || '—';

/**
 * Refunds for finance: members' requests (approve through the provider, or refuse with a
 * reason the member sees) and the automatic refunds of second charges for one order (issue
 * 16), with the ones that failed and need a person on top. Every money action is confirmed
 * with the amount and the member.
 */
export default function RefundsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [view, setView] = useState<View>('member');
  const [status, setStatus] = useState<number | undefined>(1);
  const [refusing, setRefusing] = useState<ConsoleRefundRow | null>(null);
  const [confirming, setConfirming] = useState<ConsoleRefundRow | null>(null);
  const [reason, setReason] = useState('');
  const q = useQuery({
    queryKey: ['console', 'refunds', view, status],
    queryFn: () => fetchRefunds({ origin: view, status }),
  });
  // Automatic refunds that failed: money that came in twice and could not go back by itself.
  const attention = useQuery({
    queryKey: ['console', 'refunds', 'automatic', 5],
    queryFn: () => fetchRefunds({ origin: 'automatic', status: 5 }),
  });
  const done = () => void qc.invalidateQueries({ queryKey: ['console'] });
  const approve = useMutation({
    mutationFn: (id: number) => approveRefund(id),
    onSettled: () => (setConfirming(null), done()),
  });
  const refuse = useMutation({
    mutationFn: (v: { id: number; reason: string }) => refuseRefund(v.id, v.reason),
    onSettled: () => {
      setRefusing(null);
      setReason('');
      done();
    },
  });
  const memberReason = (r: ConsoleRefundRow) => {
    const listed = r.reasonCode && REFUND_REASONS[r.reasonCode] ? pick(REFUND_REASONS[r.reasonCode]) : null;
    return [listed, r.origin === 'member' ? r.reason : null].filter(Boolean).join(' — ') || '—';
  };
  const needsPerson = attention.data?.length ?? 0;
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.refunds')}</Typography.Title>
      {needsPerson > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('refunds.attention', { n: needsPerson })}
          description={t('refunds.attentionHint')}
          data-testid="refunds-attention"
        />
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented<View>
          aria-label={t('refunds.view')}
          value={view}
          onChange={(v) => (setView(v), setStatus(v === 'member' ? 1 : undefined))}
          options={[
            { value: 'member', label: t('refunds.view.member') },
            { value: 'automatic', label: t('refunds.view.automatic') },
          ]}
        />
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
      {view === 'automatic' && (
        <Typography.Paragraph type="secondary">{t('refunds.automaticHint')}</Typography.Paragraph>
      )}
      <QueryTable<ConsoleRefundRow>
        query={q}
        rowKey="id"
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('console.col.refundNo'), dataIndex: 'refundNo' },
          {
            title: t('console.col.orderNo'),
            dataIndex: 'orderNo',
            render: (no: string, r) => <Link to={`/orders/${r.orderId}`}>{no}</Link>,
          },
          { title: t('console.col.kind'), dataIndex: 'kind', render: (k: string) => <KindText kind={k} /> },
          { title: t('refunds.member'), render: (_, r) => who(r) },
          { title: t('console.col.amount'), dataIndex: 'amountFen', render: yuanLabel },
          {
            title: t('console.col.state'),
            dataIndex: 'status',
            render: (s: number, r) => (
              <Space size={4}>
                {t(`console.refund.status.${s}`)}
                {r.origin === 'automatic' && s === 5 && <Tag color="red">{t('refunds.needsPerson')}</Tag>}
                {s === 3 && <Tag color="blue">{t('refunds.inProgress')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('refunds.memberReason'),
            render: (_, r) =>
              r.origin === 'automatic'
                ? t('refunds.automaticReason', { payment: r.paymentNo ?? '—' })
                : memberReason(r),
          },
          { title: t('refunds.failReason'), render: (_, r) => r.failReason ?? '—' },
          { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
          {
            title: t('console.col.actions'),
            // Kept in view however wide the row: the money actions must not need a scroll to find.
            fixed: 'right',
            render: (_, r) => (
              <Space>
                {(r.status === 1 || r.status === 2 || r.status === 5) && (
                  <Button
                    type="primary"
                    loading={approve.isPending && approve.variables === r.id}
                    onClick={() => setConfirming(r)}
                  >
                    {r.status === 5 ? t('refunds.retry') : t('console.approve')}
                  </Button>
                )}
                {r.origin === 'member' && (r.status === 1 || r.status === 2) && (
                  <Button size="small" danger onClick={() => setRefusing(r)}>
                    {t('console.refuse')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!confirming}
        title={confirming?.status === 5 ? t('refunds.confirmRetryTitle') : t('refunds.confirmTitle')}
        okText={t('refunds.confirmOk', { amount: confirming ? yuanLabel(confirming.amountFen) : '' })}
        cancelText={t('refund.no')}
        onCancel={() => setConfirming(null)}
        onOk={() => approve.mutate(confirming!.id)}
        confirmLoading={approve.isPending}
        data-testid="refund-confirm"
      >
        {confirming && (
          <Typography.Paragraph>
            {t('refunds.confirmBody', {
              amount: yuanLabel(confirming.amountFen),
              member: who(confirming),
              order: confirming.orderNo,
              channel: t(`refunds.channel.${confirming.provider ?? 'zero'}`),
            })}
          </Typography.Paragraph>
        )}
      </Modal>
      <Modal
        open={!!refusing}
        title={t('console.refund.refuseTitle')}
        okButtonProps={{ danger: true, disabled: !reason.trim() }}
        onCancel={() => setRefusing(null)}
        onOk={() => refuse.mutate({ id: refusing!.id, reason })}
        confirmLoading={refuse.isPending}
      >
        {refusing && (
          <Typography.Paragraph>
            {t('refunds.refuseBody', { amount: yuanLabel(refusing.amountFen), member: who(refusing) })}
          </Typography.Paragraph>
        )}
        <Input.TextArea
          aria-label={t('console.col.reason')}
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </section>
  );
}
