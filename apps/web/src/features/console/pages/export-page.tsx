import { useState } from 'react';
import { Button, Divider, Form, Modal, Progress, Space, Table, Tag, Typography, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NationalReportBody } from '@portal/contract/console';
import type { NationalExportJob } from '@portal/contract/national-export';
import { QueryTable } from '../query-table.tsx';
import { startReport } from '../api.ts';
import { EXPORT_JOBS_KEY, fetchExportJobs, fetchExportLink, fetchLeftOut, startExport } from '../exports-api.ts';
import { when } from '../ui.tsx';
import { scopeText } from '../audit-words.ts';
import { DateRangeFilter, SearchForm, TextFilter, rangeDates, type DateRange } from '../search-form.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { NationalReportRuns, REPORT_RUNS_KEY } from './national-report-runs.tsx';

interface ScopeValues {
  yxdm?: string;
  range?: DateRange;
}
const scopeOf = (v: ScopeValues): NationalReportBody => ({ yxdm: v.yxdm || undefined, ...rangeDates(v.range) });
const STATE_COLOR = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/**
 * The national platform: approved photos of a school or a date range exported as a background job
 * (progress polled; the ZIP downloaded through a signed link once done; the rows it left out and
 * why), or reported to the platform in batches.
 */
export default function ExportPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<ScopeValues>();
  const [leftOutOf, setLeftOutOf] = useState<NationalExportJob | null>(null);
  const jobs = useQuery({
    queryKey: EXPORT_JOBS_KEY,
    queryFn: fetchExportJobs,
    refetchInterval: (q) => (q.state.data?.some((j) => j.state === 'queued' || j.state === 'running') ? 1500 : false),
  });
  const start = useMutation({
    mutationFn: (v: ScopeValues) => startExport(scopeOf(v)),
    onSuccess: () => {
      void message.success(t('console.exportJob.started'));
      void qc.invalidateQueries({ queryKey: EXPORT_JOBS_KEY });
    },
  });
  const report = useMutation({
    mutationFn: (v: ScopeValues) => startReport(scopeOf(v)),
    onSuccess: () => {
      void message.success(t('console.report.started'));
      void qc.invalidateQueries({ queryKey: REPORT_RUNS_KEY });
    },
  });
  const download = async (id: number) => {
    const link = await fetchExportLink(id);
    window.location.assign(link.url);
  };
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.export')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('console.exportJob.hint')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('console.report.hint')}</Typography.Paragraph>
      <SearchForm
        form={form}
        onFinish={(v: ScopeValues) => start.mutate(v)}
        actions={
          <Space>
            <Button type="primary" htmlType="submit" loading={start.isPending}>
              {t('console.export.run')}
            </Button>
            <Button loading={report.isPending} onClick={() => report.mutate(form.getFieldsValue())}>
              {t('console.report.run')}
            </Button>
          </Space>
        }
      >
        <TextFilter name="yxdm" label={t('console.schools.yxdm')} />
        <DateRangeFilter />
      </SearchForm>
      <Typography.Title level={3}>{t('console.exportJob.title')}</Typography.Title>
      <QueryTable
        query={jobs}
        rowKey="id"
        aria-label={t('console.exportJob.title')}
        columns={[
          { title: '#', dataIndex: 'id' },
          { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
          {
            title: t('console.export.scope'),
            dataIndex: 'scope',
            render: (s: Record<string, string>) => scopeText(t, s),
          },
          {
            title: t('console.exportJob.state'),
            dataIndex: 'state',
            render: (s: NationalExportJob['state']) => (
              <Tag color={STATE_COLOR[s]}>{t(`console.exportJob.state.${s}`)}</Tag>
            ),
          },
          {
            title: t('console.exportJob.progress'),
            render: (_, j: NationalExportJob) => (
              <div style={{ minWidth: 200 }}>
                <Progress
                  percent={j.total ? Math.floor((100 * j.done) / Math.max(j.total, j.done)) : 0}
                  size="small"
                  status={j.state === 'failed' ? 'exception' : j.state === 'done' ? 'success' : 'active'}
                />
                <Typography.Text type="secondary">
                  {t('console.exportJob.counts', { done: j.done, total: j.total, photos: j.photoCount })}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('console.exportJob.leftOut'),
            dataIndex: 'leftOut',
            render: (n: number, j: NationalExportJob) =>
              n ? (
                <Button type="link" danger onClick={() => setLeftOutOf(j)}>
                  {t('console.exportJob.leftOutCount', { n })}
                </Button>
              ) : (
                0
              ),
          },
          { title: t('console.exportJob.by'), dataIndex: 'staffName' },
          {
            title: t('console.col.actions'),
            render: (_, j: NationalExportJob) =>
              j.state === 'done' ? (
                <Button size="small" type="primary" onClick={() => void download(j.id)}>
                  {t('console.exportJob.download')}
                </Button>
              ) : j.lastError ? (
                <Typography.Text type="danger">{j.lastError}</Typography.Text>
              ) : null,
          },
        ]}
      />
      <LeftOutDialog job={leftOutOf} onClose={() => setLeftOutOf(null)} />
      <Divider />
      <Typography.Title level={3}>{t('console.report.title')}</Typography.Title>
      <NationalReportRuns />
    </section>
  );
}

function LeftOutDialog({ job, onClose }: { job: NationalExportJob | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: [...EXPORT_JOBS_KEY, 'left-out', job?.id],
    queryFn: () => fetchLeftOut(job!.id),
    enabled: !!job,
  });
  return (
    <Modal
      open={!!job}
      width={800}
      title={t('console.exportJob.leftOutTitle', { id: job?.id ?? '' })}
      footer={null}
      onCancel={onClose}
    >
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <Table
          size="small"
          rowKey={(r) => `${r.orderNo}-${r.name}-${r.reason}`}
          pagination={{ pageSize: 20 }}
          dataSource={q.data ?? []}
          columns={[
            { title: t('console.schools.yxdm'), dataIndex: 'yxdm' },
            { title: t('console.col.name'), dataIndex: 'name' },
            { title: t('console.col.orderNo'), dataIndex: 'orderNo' },
            {
              title: t('console.exportJob.reason'),
              dataIndex: 'reason',
              render: (r: string) => t(`msg.console.exportLeftOut.${r}`),
            },
          ]}
        />
      </QueryState>
    </Modal>
  );
}
