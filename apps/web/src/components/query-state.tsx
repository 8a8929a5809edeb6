import type { ReactNode } from 'react';
import { Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Loading, error and empty states for a list or page, the same everywhere. */
export function QueryState(props: {
  loading: boolean;
  error?: unknown;
  empty?: boolean;
  /** What the empty state says instead of the plain "no data" (what the list is and how to fill it). */
  emptyText?: ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (props.loading)
    return (
      <div style={{ padding: 48, textAlign: 'center' }} role="status" aria-live="polite">
        <Spin tip={t('common.loading')}>
          <div style={{ minHeight: 40 }} />
        </Spin>
      </div>
    );
  if (props.error) {
    // A refusal (another member's order, not found, bad input) stays the same on retry: no retry button then.
    const code = (props.error as { code?: unknown }).code;
    const final = typeof code === 'number' && code >= 400 && code < 500;
    return (
      <Result
        status="warning"
        title={t('common.error')}
        subTitle={(props.error as Error).message}
        extra={props.onRetry && !final && <Button onClick={props.onRetry}>{t('common.retry')}</Button>}
      />
    );
  }
  if (props.empty) return <Empty description={props.emptyText ?? t('common.empty')} />;
  return <>{props.children}</>;
}
