import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Radio, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canPay, type OrderKind } from '@portal/contract/order-states';
import { fenToYuan } from '@portal/contract/prices';
import { ApiError } from '../../lib/api/client.ts';
import { QueryState } from '../query-state.tsx';
import {
  getPayInfo,
  getPayStatus,
  getPayType,
  isPaidState,
  listPathFor,
  orderInfoPathFor,
  paySuccessPathFor,
} from './pay-api.ts';
import { QrDialog } from './qr-dialog.tsx';

export interface PaymentPanelProps {
  orderId: number;
  kind: 'individual' | 'reprint' | 'task';
}

/**
 * Order number, amount, payment way (2 QR, 1 page redirect) and pay now, for all three
 * order kinds (completionPayment and the centralised pay page). Centralised orders ask
 * getPayType first. A zero amount is paid at once; the QR dialog polls until paid.
 */
export function PaymentPanel({ orderId, kind }: PaymentPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ payType: 1 | 2 }>();
  const [busy, setBusy] = useState(false);
  const [qr, setQr] = useState<{ url: string; paymentNo?: string } | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const formHost = useRef<HTMLDivElement>(null);

  const order = useQuery({
    queryKey: ['pay-status', orderId],
    queryFn: () => getPayStatus(orderId),
    enabled: orderId > 0,
  });
  const payType = useQuery({
    queryKey: ['pay-type', orderId],
    queryFn: () => getPayType(orderId),
    enabled: kind === 'task' && orderId > 0,
  });
  const wxpay = kind !== 'task' || payType.data?.wxpay !== false;

  // Every way of paying ends on the one success page (the page payment returns there too).
  const paid = useCallback(() => {
    setQr(null);
    void navigate(paySuccessPathFor(kind, orderId));
  }, [kind, navigate, orderId]);

  const start = async (way: 1 | 2) => {
    const info = await getPayInfo(orderId, kind, way);
    if (info.paid) return paid();
    if (info.wxPayQrcodeUrl) setQr({ url: info.wxPayQrcodeUrl, paymentNo: info.paymentNo });
    else if (info.aliPayHtml && formHost.current) {
      setRedirecting(true);
      // The server's form (no inline script: the CSP forbids it) is inserted and submitted here.
      formHost.current.innerHTML = info.aliPayHtml;
      formHost.current.querySelector('form')?.submit();
    }
  };

  const payNow = async () => {
    const { payType: way } = await form.validateFields();
    setBusy(true);
    try {
      await start(way);
    } catch (e) {
      // 请先完善物流信息! returns the user to the order info (the toast has shown the message).
      if (e instanceof ApiError && e.message === t('msg.order.shippingMissing'))
        void navigate(orderInfoPathFor(kind, orderId));
    } finally {
      setBusy(false);
    }
  };

  const d = order.data;
  return (
    <QueryState
      loading={order.isLoading || (kind === 'task' && payType.isLoading)}
      error={order.error ?? payType.error}
      onRetry={() => void order.refetch()}
    >
      {d && (
        <Card>
          <Descriptions column={1} bordered size="middle" style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('pay.orderNo')}>
              <span data-testid="pay-order-no">{d.orderNo}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('pay.amount')}>
              <Typography.Text type="danger" strong data-testid="pay-amount">
                ¥ {fenToYuan(d.amountFen)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          {isPaidState(kind, d.orderState) ? (
            <Alert
              type="success"
              showIcon
              message={t('msg.ok.paid')}
              action={<Button onClick={() => void navigate(listPathFor(kind))}>{t('pay.success.toOrders')}</Button>}
            />
          ) : (
            <Form
              form={form}
              layout="vertical"
              initialValues={{ payType: wxpay ? 2 : undefined }}
              onFinish={() => void payNow()}
              disabled={!canPay({ kind, state: d.orderState })}
            >
              <Form.Item
                name="payType"
                label={t('pay.way')}
                rules={[{ required: true, message: t('msg.pay.methodRequired') }]}
              >
                <Radio.Group>
                  {wxpay && <Radio value={2}>{t('pay.way.qr')}</Radio>}
                  <Radio value={1}>{t('pay.way.page')}</Radio>
                </Radio.Group>
              </Form.Item>
              <Button type="primary" htmlType="submit" size="large" loading={busy || redirecting}>
                {redirecting ? t('pay.redirecting') : t('pay.now')}
              </Button>
            </Form>
          )}
          <div ref={formHost} hidden />
          {qr && (
            <QrDialog
              open
              orderId={orderId}
              kind={kind as OrderKind}
              qrUrl={qr.url}
              paymentNo={qr.paymentNo}
              onPaid={paid}
              onClose={() => setQr(null)}
              onRefetch={() => start(2)}
            />
          )}
        </Card>
      )}
    </QueryState>
  );
}
