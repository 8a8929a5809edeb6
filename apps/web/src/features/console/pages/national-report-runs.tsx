import { useState } from 'react';
import { Button, Modal, Progress, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  REPORT_STATUSES,
  type NationalReportItem,
  type NationalReportJob,
  type ReportStatus,
} from '@portal/contract/console';
import { QueryState } from '../../../components/query-state.tsx';
import { QueryTable } from '../query-table.tsx';
import { fetchReportItems, fetchReports } from '../api.ts';
import { when } from '../ui.tsx';

export const REPORT_RUNS_KEY = ['console', 'national-report'];
const STATUS_COLOURS: Record<ReportStatus, string> = {
  pending: 'default',
  accepted: 'green',
  rejected: 'red',
  failed: 'orange',
};

/** The report runs with their progress, polled while one is running; each run's photos in a dialog. */
export function NationalReportRuns() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const q = useQuery({
    queryKey: REPORT_RUNS_KEY,
    queryFn: fetchReports,
    refetchInterval: (query) => (query.state.data?.some((j) => j.state === 'running') ? 1500 : false),
  });
  const scopeText = (s: NationalReportJob['scope']) =>
    [s.yxdm, s.from && s.to ? `${s.from} ~ ${s.to}` : (s.from ?? s.to)].filter(Boolean).join(' · ') || '—';
  return (
    <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
      <Table<NationalReportJob>
        rowKey="id"
        size="small"
        aria-label={t('console.report.title')}
        dataSource={q.data}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
          { title: t('console.export.scope'), dataIndex: 'scope', render: scopeText },
          {
            title: t('console.col.state'),
            dataIndex: 'state',
            render: (s: string) => (
              <Tag color={s === 'running' ? 'processing' : 'success'}>{t(`console.report.state.${s}`)}</Tag>
            ),
          },
          {
            title: t('console.report.total'),
            render: (_, j) => (
              <Space direction="vertical" size={0} style={{ minWidth: 140 }}>
                <span>{j.total}</span>
                <Progress
                  percent={j.total ? Math.round(((j.total - j.pending) / j.total) * 100) : 100}
                  size="small"
                  aria-label={`${t('console.report.total')} ${j.total - j.pending}/${j.total}`}
                />
              </Space>
            ),
          },
          {
            title: t('console.report.accepted'),
            dataIndex: 'accepted',
            render: (n: number) => <Typography.Text type="success">{n}</Typography.Text>,
          },
          {
            title: t('console.report.rejected'),
            dataIndex: 'rejected',
            render: (n: number) => <Typography.Text type={n ? 'danger' : undefined}>{n}</Typography.Text>,
          },
          {
            title: t('console.report.failed'),
            dataIndex: 'failed',
            render: (n: number) => <Typography.Text type={n ? 'warning' : undefined}>{n}</Typography.Text>,
          },
          { title: t('console.report.pending'), dataIndex: 'pending' },
          { title: t('console.report.calls'), render: (_, j) => `${j.calls} (${j.failedCalls})` },
          { title: t('console.report.lastError'), dataIndex: 'lastError', render: (e: string | null) => e ?? '—' },
          { title: t('console.report.by'), dataIndex: 'staffName' },
          {
            title: t('console.col.actions'),
            render: (_, j) => (
              <Button size="small" onClick={() => setOpen(j.id)}>
                {t('console.report.items')}
              </Button>
            ),
          },
        ]}
      />
      {open !== null && <ReportItems jobId={open} onClose={() => setOpen(null)} />}
    </QueryState>
  );
}

function ReportItems({ jobId, onClose }: { jobId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReportStatus | 'all'>('all');
  const q = useQuery({
    queryKey: [...REPORT_RUNS_KEY, jobId, status],
    queryFn: () => fetchReportItems(jobId, status === 'all' ? undefined : status),
  });
  const reason = (r: string | null) => (r ? t(`console.report.reason.${r}`, { defaultValue: r }) : '—');
  return (
    <Modal open width={960} title={t('console.report.itemsOf', { id: jobId })} onCancel={onClose} footer={null}>
      <Segmented
        style={{ marginBottom: 12 }}
        value={status}
        onChange={(v) => setStatus(v as ReportStatus | 'all')}
        options={[
          { value: 'all', label: t('console.report.all') },
          ...REPORT_STATUSES.map((s) => ({ value: s, label: t(`console.report.status.${s}`) })),
        ]}
      />
      <QueryTable<NationalReportItem>
        query={q}
        rowKey="id"
        columns={[
          { title: t('console.col.name'), dataIndex: 'name' },
          { title: t('console.col.idNumber'), dataIndex: 'idNumMask', render: (v: string | null) => v ?? '—' },
          { title: t('console.col.studentId'), dataIndex: 'studentId', render: (v: string | null) => v ?? '—' },
          { title: t('console.col.school'), render: (_, r) => [r.yxdm, r.schoolName].filter(Boolean).join(' ') },
          {
            title: t('console.col.state'),
            dataIndex: 'status',
            render: (s: ReportStatus) => <Tag color={STATUS_COLOURS[s]}>{t(`console.report.status.${s}`)}</Tag>,
          },
          { title: t('console.col.reason'), dataIndex: 'reason', render: reason },
          { title: t('console.report.attempts'), dataIndex: 'attempts' },
          { title: t('console.col.created'), dataIndex: 'reportedAt', render: when },
        ]}
      />
    </Modal>
  );
}
