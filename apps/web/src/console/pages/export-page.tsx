import { useState } from 'react';
import { Button, DatePicker, Form, Input, Table, Typography, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import { QueryState } from '../../components/query-state.tsx';
import { cGet, downloadStaffFile } from '../console-api.ts';
import { when } from '../ui.tsx';

/** The national-platform export: approved photos of a school or a date range as a ZIP with a manifest. */
export default function ExportPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const history = useQuery({
    queryKey: ['console', 'exports'],
    queryFn: () => cGet<{ id: number; scope: Record<string, string>; photoCount: number; createdAt: string }[]>('/api/console/national-export'),
  });
  const run = async (v: { yxdm?: string; range?: [Dayjs, Dayjs] }) => {
    setBusy(true);
    try {
      await downloadStaffFile('/api/console/national-export', { yxdm: v.yxdm || undefined, from: v.range?.[0].format('YYYY-MM-DD'), to: v.range?.[1].format('YYYY-MM-DD') });
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
      <Form layout="inline" onFinish={run} style={{ marginBottom: 16 }}>
        <Form.Item name="yxdm" label={t('console.schools.yxdm')}><Input allowClear /></Form.Item>
        <Form.Item name="range" label={t('console.col.date')}><DatePicker.RangePicker /></Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>{t('console.export.run')}</Button>
      </Form>
      <QueryState loading={history.isLoading} error={history.error} empty={!history.data?.length} onRetry={() => void history.refetch()}>
        <Table
          rowKey="id"
          size="small"
          dataSource={history.data}
          columns={[
            { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
            { title: t('console.export.scope'), dataIndex: 'scope', render: (s: Record<string, string>) => JSON.stringify(s) },
            { title: t('console.col.count'), dataIndex: 'photoCount' },
          ]}
        />
      </QueryState>
    </section>
  );
}
