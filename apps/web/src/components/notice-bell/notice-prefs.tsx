import { Card, Form, Switch, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { NoticePrefs as Prefs } from '@portal/contract/notices';
import { QueryState } from '../query-state.tsx';
import { noticeKeys, saveNoticePrefs, useNoticePrefs } from './api.ts';

/** The personal centre's switches of the optional notices; the required ones have none. */
export function NoticePrefs() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useNoticePrefs();
  const change = async (key: keyof Prefs, on: boolean) => {
    if (!q.data) return;
    const saved = await saveNoticePrefs({ ...q.data, [key]: on });
    qc.setQueryData(noticeKeys.prefs, saved);
    void message.success(t('notices.saved'), 1);
  };
  return (
    <Card size="small" style={{ marginTop: 24 }}>
      <h2 style={{ fontSize: 16 }}>{t('notices.prefsTitle')}</h2>
      <Typography.Paragraph type="secondary">{t('notices.prefsHint')}</Typography.Paragraph>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        <Form layout="horizontal" colon={false}>
          {(['taskDeadline', 'parcelSigned'] as const).map((k) => (
            <Form.Item key={k} label={t(`notices.pref.${k}`)} htmlFor={`notice-pref-${k}`}>
              <Switch id={`notice-pref-${k}`} checked={q.data?.[k]} onChange={(on) => void change(k, on)} />
            </Form.Item>
          ))}
        </Form>
      </QueryState>
    </Card>
  );
}
