import { Button, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { pick } from '../../../lib/i18n.ts';
import { fetchCohortEntry } from '../cohort-api.ts';
import { when } from '../ui.tsx';

/**
 * The school's collection entry as a printable sheet: the task, a QR code of the address students
 * open (school and feature code filled in), the address itself and the feature code. The buttons
 * are left off the print.
 */
export function CohortEntry({ taskId, onBack }: { taskId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const entry = useQuery({ queryKey: ['console', 'cohort', 'entry', taskId], queryFn: () => fetchCohortEntry(taskId) });
  const e = entry.data;
  return (
    <section>
      <style>{'@media print { .cohort-entry-actions, nav, header, aside { display: none !important; } }'}</style>
      <Space className="cohort-entry-actions" style={{ marginBottom: 16 }}>
        <Button onClick={onBack}>{t('console.cohort.entryBack')}</Button>
        <Button type="primary" onClick={() => window.print()} disabled={!e}>
          {t('console.cohort.entryPrint')}
        </Button>
      </Space>
      <QueryState loading={entry.isLoading} error={entry.error} onRetry={() => void entry.refetch()}>
        {e && (
          <article
            aria-labelledby="entry-title"
            style={{ maxWidth: 640, margin: '0 auto', textAlign: 'center', padding: 24, border: '1px solid #d9d9d9' }}
          >
            <Typography.Title id="entry-title" level={2}>
              {t('console.cohort.entryTitle', { school: e.schoolName })}
            </Typography.Title>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {pick({ zh: e.nameZh, en: e.nameEn })}
            </Typography.Title>
            <img src={e.qrDataUrl} alt={e.url} width={280} height={280} style={{ imageRendering: 'pixelated' }} />
            <Typography.Paragraph>{t('console.cohort.entryScan')}</Typography.Paragraph>
            <Typography.Paragraph copyable strong style={{ wordBreak: 'break-all' }} data-testid="entry-url">
              {e.url}
            </Typography.Paragraph>
            <Typography.Paragraph style={{ fontSize: 20 }}>
              {t('console.cohort.entryCode')}: <strong data-testid="entry-code">{e.featureCode}</strong>
            </Typography.Paragraph>
            <Typography.Paragraph>
              {t('console.cohort.deadline')}: {when(e.endTime)}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('console.cohort.entrySteps')}</Typography.Paragraph>
          </article>
        )}
      </QueryState>
    </section>
  );
}
