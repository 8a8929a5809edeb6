import { useEffect, useState } from 'react';
import { App, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COHORT_STATES, COHORT_STATE_TEXT, type CohortRow, type CohortState } from '@portal/contract/cohort';
import { QueryState } from '../../../components/query-state.tsx';
import { pick, reasonText } from '../../../lib/i18n.ts';
import { downloadCohort, fetchCohort, fetchCohortTasks } from '../cohort-api.ts';
import { when } from '../ui.tsx';
import { CohortEntry } from './cohort-entry.tsx';
import { CohortResetDialog } from './cohort-reset-dialog.tsx';

const STATE_COLOR: Record<CohortState, string> = {
  reported: 'green',
  approved: 'cyan',
  refused: 'red',
  inReview: 'gold',
  paid: 'blue',
  submitted: 'default',
  notStarted: 'default',
};

/**
 * A school's collection progress: each student of the national list against one task, by state,
 * searchable, exportable as Excel, and the printable entry with its QR code. The task, search,
 * state and page live in the address, so a reload or a shared link shows the same list.
 */
export default function CohortPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [exporting, setExporting] = useState(false);
  const [resetting, setResetting] = useState<CohortRow | null>(null);
  const tasks = useQuery({ queryKey: ['console', 'cohort', 'tasks'], queryFn: fetchCohortTasks });
  const taskId = Number(params.get('task')) || tasks.data?.[0]?.id;
  const q = params.get('q') ?? '';
  const state = (params.get('state') as CohortState | null) ?? undefined;
  const page = Number(params.get('page')) || 1;
  const entryOpen = params.get('entry') === '1';
  const [typed, setTyped] = useState(q);
  useEffect(() => setTyped(q), [q]);
  const set = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    setParams(next);
  };
  const list = useQuery({
    queryKey: ['console', 'cohort', taskId, q, state, page],
    queryFn: () => fetchCohort({ taskId: taskId!, q: q || undefined, state, page, size: 20 }),
    enabled: !!taskId,
    placeholderData: keepPreviousData,
  });
  const task = list.data?.task ?? tasks.data?.find((x) => x.id === taskId);

  if (entryOpen && taskId) return <CohortEntry taskId={taskId} onBack={() => set({ entry: undefined })} />;

  const exportXlsx = async () => {
    if (!taskId) return;
    setExporting(true);
    try {
      await downloadCohort(taskId);
      void message.success(t('console.cohort.exported'));
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.cohort')}</Typography.Title>
      <QueryState
        loading={tasks.isLoading}
        error={tasks.error}
        empty={!tasks.data?.length}
        emptyText={t('console.cohort.noTasks')}
        onRetry={() => void tasks.refetch()}
      >
        <Space wrap style={{ marginBottom: 12 }}>
          <label htmlFor="cohort-task">{t('console.cohort.task')}</label>
          <Select
            id="cohort-task"
            style={{ minWidth: 360 }}
            value={taskId}
            onChange={(v) => set({ task: String(v), page: undefined, q: undefined, state: undefined })}
            options={(tasks.data ?? []).map((x) => ({
              value: x.id,
              label: `${x.schoolName} · ${pick({ zh: x.nameZh, en: x.nameEn })} · ${x.featureCode}${x.active && x.endTime && new Date(x.endTime) > new Date() ? '' : ` (${t('console.cohort.closed')})`}`,
            }))}
          />
          <Button onClick={() => void exportXlsx()} loading={exporting} disabled={!taskId}>
            {t('console.cohort.export')}
          </Button>
          <Button onClick={() => set({ entry: '1' })} disabled={!taskId}>
            {t('console.cohort.entry')}
          </Button>
        </Space>
        {task && (
          <Card size="small" style={{ marginBottom: 12 }}>
            <Space wrap size="middle">
              <span>
                {t('console.cohort.total')}: <strong>{task.total}</strong>
              </span>
              <span>
                {t('console.cohort.deadline')}: {when(task.endTime)}
              </span>
              {COHORT_STATES.map((s) => (
                <Tag.CheckableTag
                  key={s}
                  checked={state === s}
                  onChange={(on) => set({ state: on ? s : undefined, page: undefined })}
                >
                  {pick(COHORT_STATE_TEXT[s])}: {task.counts[s] ?? 0}
                </Tag.CheckableTag>
              ))}
            </Space>
          </Card>
        )}
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            aria-label={t('console.cohort.search')}
            placeholder={t('console.cohort.search')}
            allowClear
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => set({ q: v.trim() || undefined, page: undefined })}
            style={{ width: 260 }}
          />
          <Select
            aria-label={t('console.cohort.state')}
            style={{ width: 200 }}
            value={state ?? ''}
            onChange={(v) => set({ state: v || undefined, page: undefined })}
            options={[
              { value: '', label: t('console.cohort.allStates') },
              ...COHORT_STATES.map((s) => ({ value: s, label: pick(COHORT_STATE_TEXT[s]) })),
            ]}
          />
        </Space>
        <QueryState loading={list.isLoading} error={list.error} onRetry={() => void list.refetch()}>
          <Table<CohortRow>
            size="small"
            rowKey="studentId"
            dataSource={list.data?.rows}
            pagination={{
              current: page,
              pageSize: 20,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => set({ page: p > 1 ? String(p) : undefined }),
            }}
            columns={[
              { title: t('console.cohort.studentId'), dataIndex: 'studentId' },
              { title: t('console.cohort.name'), dataIndex: 'name' },
              { title: t('console.cohort.idNum'), dataIndex: 'idNumMask' },
              { title: t('console.cohort.major'), dataIndex: 'major' },
              {
                title: t('console.cohort.state'),
                dataIndex: 'state',
                render: (s: CohortState) => <Tag color={STATE_COLOR[s]}>{pick(COHORT_STATE_TEXT[s])}</Tag>,
              },
              {
                title: t('console.cohort.reason'),
                dataIndex: 'refuseReason',
                render: (r: CohortRow['refuseReason']) => (r ? reasonText(pick(r)) : ''),
              },
              { title: t('console.cohort.orderNo'), dataIndex: 'orderNo' },
              { title: t('console.cohort.updated'), dataIndex: 'updatedAt', render: when },
              {
                title: t('console.cohort.actions'),
                key: 'actions',
                render: (_: unknown, r: CohortRow) =>
                  r.resettable ? (
                    <Button size="small" danger onClick={() => setResetting(r)}>
                      {t('console.cohort.reset')}
                    </Button>
                  ) : null,
              },
            ]}
          />
          {taskId && <CohortResetDialog taskId={taskId} row={resetting} onClose={() => setResetting(null)} />}
        </QueryState>
      </QueryState>
    </section>
  );
}
