import { useState } from 'react';
import { Button, Popconfirm, Tag, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '@portal/contract/order-states';
import { REFUND_STATUS_TEXT, isRefundPending, type RefundView } from '@portal/contract/payments';
import { pick } from '../lib/i18n.ts';
import { apiGet, apiPost } from '../lib/api/client.ts';

/** Requests a refund by the right call for the kind; cancels a pending one (/api/refund/cancelRefund). */
export function useRefundAction(kind: OrderKind, onDone?: (r: RefundView) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<RefundView>, ok: string) => {
    setBusy(true);
    try {
      const r = await fn();
      void message.success(ok, 1);
      onDone?.(r);
      return r;
    } catch {
      return null; // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    request: (orderId: number) =>
      run(() => apiGet<RefundView>(kind === 'task' ? '/api/taskPay/refund' : '/api/pay/refund', { query: { id: orderId } }), t('msg.ok.refunded')),
    cancel: (orderId: number) => run(() => apiPost<RefundView>('/api/refund/cancelRefund', { body: { order_id: orderId } }), t('msg.ok.refundCancelled')),
  };
}

export interface RefundActionProps {
  orderId: number;
  kind: OrderKind;
  /** The order's live refund (status 1-5) when known; a pending one offers cancel instead. */
  refund?: Pick<RefundView, 'status' | 'failReason'> | null;
  onDone?: (r: RefundView) => void;
}

/** Refund button with the confirmation 您确定申请退款吗？, or cancel for a pending request. */
export function RefundAction({ orderId, kind, refund, onDone }: RefundActionProps) {
  const { t } = useTranslation();
  const action = useRefundAction(kind, onDone);
  if (refund && isRefundPending(refund.status))
    return (
      <Button size="small" onClick={() => void action.cancel(orderId)} loading={action.busy}>
        {t('refund.cancel')}
      </Button>
    );
  if (refund && refund.status !== 5) return <RefundStatusTag status={refund.status} />;
  return (
    <Popconfirm title={t('msg.refund.confirm')} okText={t('refund.ok')} cancelText={t('refund.no')} onConfirm={() => void action.request(orderId)}>
      <Button size="small" danger loading={action.busy}>
        {t('refund.request')}
      </Button>
    </Popconfirm>
  );
}

/** Refund status label: 1-2 pending review, 3 review passed, 4 refunded, 5 refund failed. */
export function RefundStatusTag({ status, failReason }: { status: number; failReason?: string | null }) {
  const { t } = useTranslation();
  const text = REFUND_STATUS_TEXT[status];
  if (!text) return null;
  const color = status === 4 ? 'green' : status === 5 ? 'red' : status === 3 ? 'blue' : 'gold';
  return (
    <Tag color={color} title={failReason ? t('refund.failReason', { reason: failReason }) : undefined} data-testid="refund-status">
      {pick(text)}
      {failReason ? ` (${failReason})` : ''}
    </Tag>
  );
}
