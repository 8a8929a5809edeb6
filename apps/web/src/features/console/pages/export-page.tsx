import { useState } from 'react';
import { Button, Divider, Form, Space, Typography, message } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NationalReportBody } from '@portal/contract/console';
import { QueryTable } from '../query-table.tsx';
import { downloadExport, fetchExports, startReport } from '../api.ts';
import { when } from '../ui.tsx';
import { scopeText } from '../audit-words.ts';
import { DateRangeFilter, SearchForm, TextFilter, rangeDates, type DateRange } from '../search-form.tsx';
import { NationalReportRuns, REPORT_RUNS_KEY } from './national-report-runs.tsx';

interface ScopeValues {
  yxdm?: string;
  range?: DateRange;
}
const scopeOf = (v: ScopeValues): NationalReportBody => ({ yxdm: v.yxdm || undefined, ...rangeDates(v.range) });

/**
 * The national platform: approved photos of a school or a date range as a ZIP with a manifest,
 * or reported to the platform in batches (progress polled, per-photo outcomes).
 */
export default function ExportPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [form] = Form.useForm<ScopeValues>();
  const [busy, setBusy] = useState(false);
  const history = useQuery({
    queryKey: ['console', 'exports'],
    queryFn: fetchExports,
  });
  const report = useMutation({
    mutationFn: (v: ScopeValues) => startReport(scopeOf(v)),
    onSuccess: () => {
      void message.success(t('console.report.started'));
      void qc.invalidateQueries({ queryKey: REPORT_RUNS_KEY });
    },
  });
  const run = async (v: ScopeValues) => {
    setBusy(true);
    try {
      await downloadExport(scopeOf(v));
      void qc.invalidateQueries({ queryKey: ['console', 'exports'] });
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.export')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('console.export.hint')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('console.report.hint')}</Typography.Paragraph>
      <SearchForm
        form={form}
        onFinish={run}
        actions={
          <Space>
            <Button type="primary" htmlType="submit" loading={busy}>
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
      <QueryTable
        query={history}
        rowKey="id"
        columns={[
          { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
          {
            title: t('console.export.scope'),
            dataIndex: 'scope',
            render: (s: Record<string, string>) => scopeText(t, s),
          },
          { title: t('console.col.count'), dataIndex: 'photoCount' },
        ]}
      />
      <Divider />
      <Typography.Title level={3}>{t('console.report.title')}</Typography.Title>
      <NationalReportRuns />
    </section>
  );
}
