import { useEffect, useState } from 'react';
import { Button, Result, Space, Spin } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORDER_STATE, type OrderKind } from '@portal/contract/order-states';
import type { LatestPayment, PayStatusResponse } from '@portal/contract/payments';
import { paymentKeys, readOutcome, useRefundStatus } from '../api.ts';
import { listPathFor } from '../../../components/payment-panel/pay-api.ts';
import { RefundAction, RefundStatusTag } from '../../../components/refund-action.tsx';
import { QueryState } from '../../../components/query-state.tsx';

const RELOADED_KEY = 'paySuccessReloaded';
/** How long the page waits for the provider's answer before saying the result is still pending. */
const SETTLE_MS = 6000;
const POLL_MS = 1500;

type Outcome = 'paid' | 'failed' | 'pending' | 'checking';

function outcomeOf(d: { status: PayStatusResponse; payment: LatestPayment } | undefined, waited: boolean): Outcome {
  if (!d) return 'checking';
  const unpaid: number[] = [ORDER_STATE.PENDING_PAYMENT, ORDER_STATE.CLOSED];
  if (!unpaid.includes(d.status.orderState)) return 'paid';
  if (d.payment?.state === 'failed' || d.payment?.state === 'closed') return 'failed';
  return waited ? 'pending' : 'checking';
}

const payAgainPath = (kind: OrderKind, id: number) =>
  kind === 'task'
    ? `/home/payOrderCai?orderId=${id}`
    : `/home/submitPhoto/completionPayment?id=${id}&type=${kind === 'reprint' ? 2 : 1}`;
const orderPath = (kind: OrderKind, id: number) =>
  kind === 'task'
    ? `/home/orderDetailCai?orderId=${id}&con=xiangqing`
    : kind === 'reprint'
      ? `/developConfirm?id=${id}`
      : `/home/orderDetails?id=${id}&con=xiangqing`;

/**
 * The page the browser returns to from the page payment (no proof of payment): reloads
 * once, then settles within seconds to paid, failed (with 重新支付) or still pending (the
 * order will be updated, with a link to it), asking the server, which asks the provider.
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
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (reloading) return;
    const timer = window.setTimeout(() => setWaited(true), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [reloading]);

  const result = useQuery({
    queryKey: ['pay-return', id],
    queryFn: () => readOutcome(id),
    enabled: !reloading && id > 0,
    // Keeps asking while unsettled: a pending page turns into paid or failed when the provider answers.
    refetchInterval: (q) => (outcomeOf(q.state.data, true) === 'pending' ? POLL_MS : false),
  });
  const outcome = outcomeOf(result.data, waited);
  const refund = useRefundStatus(id, !reloading && outcome === 'paid');
  if (reloading) return <Spin style={{ display: 'block', margin: 48 }} />;
  const status = result.data?.status;
  const kind: OrderKind =
    status?.kind ?? (params.get('kind') === 'task' ? 'task' : params.get('type') === '2' ? 'reprint' : 'individual');
  const refresh = () => void qc.invalidateQueries({ queryKey: paymentKeys.refund(id) });
  const heading = (text: string) => <h1 style={{ fontSize: 24, margin: 0 }}>{text}</h1>;
  const orderNo = status && (
    <div data-testid="pay-success-order">{t('pay.success.orderNo', { no: status.orderNo })}</div>
  );

  return (
    <QueryState loading={result.isLoading} error={result.error} onRetry={() => void result.refetch()}>
      {outcome === 'checking' && <Result icon={<Spin size="large" />} title={heading(t('pay.success.waiting'))} />}
      {outcome === 'failed' && (
        <Result
          status="error"
          title={heading(t('pay.return.failedTitle'))}
          subTitle={
            <>
              <div>{t('pay.return.failedBody')}</div>
              {orderNo}
            </>
          }
          extra={
            <Space>
              <Button type="primary" onClick={() => void navigate(payAgainPath(kind, id))}>
                {t('pay.return.payAgain')}
              </Button>
              <Button onClick={() => void navigate(orderPath(kind, id))}>{t('pay.return.viewOrder')}</Button>
            </Space>
          }
        />
      )}
      {outcome === 'pending' && (
        <Result
          status="warning"
          title={heading(t('pay.return.pendingTitle'))}
          subTitle={
            <>
              <div>{t('pay.return.pendingBody')}</div>
              {orderNo}
            </>
          }
          extra={
            <Button type="primary" onClick={() => void navigate(orderPath(kind, id))}>
              {t('pay.return.viewOrder')}
            </Button>
          }
        />
      )}
      {outcome === 'paid' && (
        <Result
          status="success"
          title={heading(t('pay.success.title'))}
          subTitle={
            <>
              <div>{t('pay.success.body')}</div>
              {orderNo}
            </>
          }
          extra={
            <Space>
              <Button type="primary" onClick={() => void navigate(listPathFor(kind))}>
                {t('pay.success.toOrders')}
              </Button>
              {refund.data && <RefundStatusTag status={refund.data.status} failReason={refund.data.failReason} />}
              {!refund.isLoading && (
                <RefundAction orderId={id} kind={kind} refund={refund.data} onDone={refresh} statusShown />
              )}
            </Space>
          }
        />
      )}
    </QueryState>
  );
}
