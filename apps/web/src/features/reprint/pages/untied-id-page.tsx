import { Alert, Button, Card, Descriptions, Popconfirm, Space, Steps, message } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state.tsx';
import { useSettings } from '../../../lib/settings.ts';
import { applyUnbind, cancelUnbind, useCheckStatus, useWashStudent } from '../api.ts';

/** /untiedId: the bound school and student number, apply to unbind, the three-step strip. */
export default function UntiedIdPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const status = useCheckStatus();
  const student = useWashStudent();
  const { data: settings } = useSettings();
  const row = student.data?.[0];
  const s = status.data ?? 0;
  const phones = settings?.servicePhones.join(', ') ?? '';

  const refresh = () => void qc.invalidateQueries({ queryKey: ['reprint'] });
  const apply = async () => {
    try {
      const msg = await applyUnbind();
      void message.success(msg || t('msg.ok.unbindApplied'), 1);
      refresh();
    } catch {
      // toast shown by the client
    }
  };

  const withdraw = async () => {
    try {
      const msg = await cancelUnbind();
      void message.success(msg || t('msg.ok.unbindCancelled'), 1);
      refresh();
    } catch {
      // toast shown by the client
    }
  };

  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('reprint.untied.title')}</h1>
      <QueryState
        loading={status.isLoading || student.isLoading}
        error={status.error ?? student.error}
        onRetry={refresh}
      >
        <Steps
          style={{ margin: '16px 0 24px' }}
          current={s === 2 ? 1 : s === 3 ? 2 : 0}
          items={[
            { title: t('reprint.untied.step1') },
            { title: t('reprint.untied.step2') },
            { title: t('reprint.untied.step3') },
          ]}
        />
        {s === 2 && !row ? (
          // Status 2 without a readable record: the binding is suspended while staff decide a dispute.
          <Alert
            type="warning"
            showIcon
            role="status"
            message={t('msg.reprint.bindingSuspended')}
            description={t('reprint.untied.suspended', { phones })}
            action={<Button onClick={refresh}>{t('reprint.untied.refresh')}</Button>}
          />
        ) : s === 0 || s === 3 || !row ? (
          <Alert
            type="info"
            showIcon
            message={t('reprint.untied.notBound')}
            action={
              <Link to="/newId">
                <Button type="primary">{t('reprint.untied.goBind')}</Button>
              </Link>
            }
          />
        ) : (
          <>
            <Descriptions bordered column={1} size="small" style={{ maxWidth: 560, marginBottom: 16 }}>
              <Descriptions.Item label={t('reprint.untied.school')}>
                <span data-testid="bound-school">
                  {row.schoolName} ({row.yxdm})
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('reprint.untied.studentId')}>
                <span data-testid="bound-student">{row.studentId}</span>
              </Descriptions.Item>
            </Descriptions>
            {s === 2 ? (
              <Alert
                type="warning"
                showIcon
                role="status"
                message={t('reprint.untied.pending', { phones })}
                action={
                  <Space>
                    <Button onClick={refresh}>{t('reprint.untied.refresh')}</Button>
                    <Popconfirm
                      title={t('reprint.untied.cancelConfirm')}
                      okText={t('reprint.dialog.ok')}
                      cancelText={t('reprint.dialog.cancel')}
                      onConfirm={withdraw}
                    >
                      <Button>{t('reprint.untied.cancel')}</Button>
                    </Popconfirm>
                  </Space>
                }
              />
            ) : (
              <Space>
                <Popconfirm
                  title={t('reprint.untied.confirm')}
                  okText={t('reprint.dialog.ok')}
                  cancelText={t('reprint.dialog.cancel')}
                  onConfirm={apply}
                >
                  <Button type="primary" danger>
                    {t('reprint.untied.apply')}
                  </Button>
                </Popconfirm>
                <Link to="/developFilms">{t('reprint.films.title')}</Link>
              </Space>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}
