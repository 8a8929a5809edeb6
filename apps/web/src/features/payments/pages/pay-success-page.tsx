import { useEffect, useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RefundView } from '@portal/contract/payments';
import { apiGet } from '../../../lib/api/client.ts';
import { getPayStatus, listPathFor } from '../../../components/payment-panel/pay-api.ts';
import { RefundAction, RefundStatusTag } from '../../../components/refund-action.tsx';
import { QueryState } from '../../../components/query-state.tsx';

const RELOADED_KEY = 'paySuccessReloaded';

/**
 * The payment success page: reloads once (the browser returns here from the page
 * payment), then says the order is paid and editable before production.
 */
export default function PaySuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [reloading] = useState(() => {
    const here = window.location.pathname + window.location.search;
    if (sessionStorage.getItem(RELOADED_KEY) === here) return false;
    sessionStorage.setItem(RELOADED_KEY, here);
    return true;
  });
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);

  // The return from the page payment is no proof of payment: wait for the server to see it paid.
  const status = useQuery({
    queryKey: ['pay-status', id],
    queryFn: () => getPayStatus(id),
    enabled: !reloading && id > 0,
    refetchInterval: (q) => (q.state.data && q.state.data.orderState === 110 ? 1500 : false),
  });
  const refund = useQuery({ queryKey: ['refund', id], queryFn: () => apiGet<RefundView | null>('/api/refund/status', { query: { id } }), enabled: !reloading && id > 0 });
  if (reloading) return <Spin style={{ display: 'block', margin: 48 }} />;
  const kind = status.data?.kind ?? (params.get('kind') === 'task' ? 'task' : params.get('type') === '2' ? 'reprint' : 'individual');
  const refresh = () => void qc.invalidateQueries({ queryKey: ['refund', id] });
  if (status.data?.orderState === 110)
    return <Result icon={<Spin size="large" />} title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pay.success.waiting')}</h1>} />;

  return (
    <QueryState loading={status.isLoading} error={status.error} onRetry={() => void status.refetch()}>
      <Result
        status="success"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('pay.success.title')}</h1>}
        subTitle={
          <>
            <div>{t('pay.success.body')}</div>
            {status.data && <div data-testid="pay-success-order">{t('pay.success.orderNo', { no: status.data.orderNo })}</div>}
          </>
        }
        extra={
          <Space>
            <Button type="primary" onClick={() => void navigate(listPathFor(kind))}>
              {t('pay.success.toOrders')}
            </Button>
            {refund.data && <RefundStatusTag status={refund.data.status} failReason={refund.data.failReason} />}
            {status.data && !refund.isLoading && <RefundAction orderId={id} kind={kind} refund={refund.data} onDone={refresh} />}
          </Space>
        }
      />
    </QueryState>
  );
}
