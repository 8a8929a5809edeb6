import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// Deep imports, as the order list's: the phone's first load stays small.
import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';

/**
 * The phone's waiting and load-failed states for one query: the spinner while it loads, then a
 * plain card (antd-mobile's ErrorBlock carries large pictures into the page) saying it failed, with
 * Try again, or the screen's own way out instead. Used as `if (!q.isSuccess) return <PhoneQueryState query={q} />`.
 */
export function PhoneQueryState({
  query,
  action,
}: {
  query: { isPending: boolean; refetch: () => unknown };
  /** Replaces Try again (e.g. back to the list when the order is not the member's). */
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <div className="phone-loading">
        <DotLoading color="primary" />
      </div>
    );
  return (
    <div className="phone-card" role="alert" style={{ textAlign: 'center' }}>
      <p>{t('phone.loadFailed')}</p>
      {action ?? (
        <Button color="primary" onClick={() => void query.refetch()}>
          {t('phone.retry')}
        </Button>
      )}
    </div>
  );
}
