import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tag, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '@portal/contract/order-states';
import { REFUND_REASONS, REFUND_STATUS_TEXT, isRefundPending, type RefundView } from '@portal/contract/payments';
import { pick } from '../lib/i18n.ts';
import { apiGet, apiPost } from '../lib/api/client.ts';

export interface RefundWhy {
  reasonCode?: string;
  reasonText?: string;
}

/** Requests a refund by the right call for the kind (with the member's reason); cancels a pending one (/api/refund/cancelRefund). */
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
    // "Refund requested": 退款成功 is for when the money is back (refund status 4).
    request: (orderId: number, why: RefundWhy = {}) =>
      run(
        () =>
          apiGet(kind === 'task' ? '/api/taskPay/refund' : '/api/pay/refund', {
            query: { id: orderId, ...why },
          }),
        t('msg.ok.refundRequested'),
      ),
    cancel: (orderId: number) =>
      run(() => apiPost('/api/refund/cancelRefund', { body: { order_id: orderId } }), t('msg.ok.refundCancelled')),
  };
}

export interface RefundActionProps {
  orderId: number;
  kind: OrderKind;
  /** The order's live refund (status 1-5) when known; a pending one offers cancel instead. */
  refund?: Pick<RefundView, 'status' | 'failReason'> | null;
  onDone?: (r: RefundView) => void;
  /** The page already shows the refund's state beside it (no second tag). */
  statusShown?: boolean;
}

/**
 * Refund button: a dialog asking 您确定申请退款吗？ with a reason (a short list plus free
 * text); once asked, the refund's own state is shown (待审核 with cancel, then its outcome).
 */
export function RefundAction({ orderId, kind, refund, onDone, statusShown = false }: RefundActionProps) {
  const { t } = useTranslation();
  // What this member just did, shown at once (the list behind refreshes on its own time).
  const [local, setLocal] = useState<RefundView | 'none' | null>(null);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<RefundWhy>();
  const action = useRefundAction(kind, onDone);
  const live = local === 'none' ? null : (local ?? refund);
  if (live && isRefundPending(live.status))
    return (
      <Space size={4}>
        {!statusShown && <RefundStatusTag status={live.status} />}
        <Button
          size="small"
          onClick={() => void action.cancel(orderId).then((r) => r && setLocal('none'))}
          loading={action.busy}
        >
          {t('refund.cancel')}
        </Button>
      </Space>
    );
  if (live && live.status !== 5) return statusShown ? null : <RefundStatusTag status={live.status} />;
  const submit = async () => {
    // A missing reason is shown under its field; nothing is sent.
    const why = await form.validateFields().catch(() => null);
    if (!why) return;
    const r = await action.request(orderId, {
      reasonCode: why.reasonCode,
      reasonText: why.reasonText?.trim() || undefined,
    });
    if (r) {
      setLocal(r);
      setOpen(false);
    }
  };
  return (
    <>
      <Button size="small" danger loading={action.busy} onClick={() => setOpen(true)}>
        {t('refund.request')}
      </Button>
      <Modal
        open={open}
        title={t('msg.refund.confirm')}
        okText={t('refund.ok')}
        cancelText={t('refund.no')}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        confirmLoading={action.busy}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reasonCode"
            label={t('refund.reason')}
            rules={[{ required: true, message: t('msg.refund.reasonCodeInvalid') }]}
          >
            <Select
              placeholder={t('refund.reasonPick')}
              options={Object.entries(REFUND_REASONS).map(([value, text]) => ({ value, label: pick(text) }))}
            />
          </Form.Item>
          <Form.Item
            name="reasonText"
            label={t('refund.reasonText')}
            rules={[{ max: 200, message: t('msg.refund.reasonTooLong') }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Refund status label: 1-2 pending review, 3 review passed, 4 refunded, 5 refund failed. */
export function RefundStatusTag({ status, failReason }: { status: number; failReason?: string | null }) {
  const { t } = useTranslation();
  const text = REFUND_STATUS_TEXT[status];
  if (!text) return null;
  const color = status === 4 ? 'green' : status === 5 ? 'red' : status === 3 ? 'blue' : 'gold';
  return (
    <Tag
      color={color}
      title={failReason ? t('refund.failReason', { reason: failReason }) : undefined}
      data-testid="refund-status"
    >
      {/* A pending refund reads as the refund's review, not the photo's (待审核 beside 已支付 misled). */}
      {isRefundPending(status) ? t('refund.underReview') : pick(text)}
      {failReason ? ` (${failReason})` : ''}
    </Tag>
  );
}
