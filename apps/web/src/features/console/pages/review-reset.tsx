import { useState } from 'react';
import { App, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderPage } from '@portal/contract/console';
import { fetchOrderPage, resetReviewPhoto, searchOrders } from '../api.ts';
import { StateTag } from '../ui.tsx';
import { ResetReasonFields, type ResetReason } from './reset-reason-fields.tsx';

/**
 * Sending an approved photo back for a new one: the order by its number, the person, and the
 * reason from the list or typed. The server allows it only before production, and the student
 * replaces the photo without paying again.
 */
export function ResetPhotoCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [orderNo, setOrderNo] = useState('');
  const [page, setPage] = useState<OrderPage | null>(null);
  const [personId, setPersonId] = useState<number | undefined>();
  const [reason, setReason] = useState<ResetReason>(0);
  const [typed, setTyped] = useState('');
  const find = useMutation({
    mutationFn: async () => {
      const found = await searchOrders({ orderNo: orderNo.trim(), size: 20 });
      const row = found.rows.find((r) => r.orderNo === orderNo.trim());
      return row ? fetchOrderPage(row.id) : null;
    },
    onSuccess: (p) => {
      setPage(p);
      setPersonId(p?.persons[0]?.id);
      if (!p) void message.warning(t('review.reset.notFound'));
    },
  });
  const reset = useMutation({
    mutationFn: () =>
      resetReviewPhoto({
        orderId: page!.order.id,
        personId: personId!,
        ...(reason === 'other' ? { reasonText: typed.trim() } : { reasonIndex: reason }),
      }),
    onSuccess: () => {
      void message.success(t('review.reset.done'));
      find.mutate();
    },
  });
  return (
    <Card title={t('review.reset.title')} style={{ marginTop: 16 }} data-testid="review-reset">
      <Typography.Paragraph type="secondary">{t('review.reset.hint')}</Typography.Paragraph>
      <Form layout="inline" onFinish={() => find.mutate()}>
        <Form.Item label={t('review.reset.orderNo')} htmlFor="review-reset-order">
          <Input
            id="review-reset-order"
            value={orderNo}
            onChange={(e) => setOrderNo(e.target.value)}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Button htmlType="submit" loading={find.isPending} disabled={!orderNo.trim()}>
          {t('review.reset.find')}
        </Button>
      </Form>
      {page && (
        <Form layout="vertical" style={{ marginTop: 12, maxWidth: 520 }} onFinish={() => reset.mutate()}>
          <Space style={{ marginBottom: 8 }}>
            <span>{page.order.orderNo}</span>
            <StateTag state={page.order.state} />
          </Space>
          <Form.Item label={t('review.reset.person')} htmlFor="review-reset-person">
            <Select
              id="review-reset-person"
              value={personId}
              onChange={setPersonId}
              options={page.persons.map((p) => ({ value: p.id, label: p.name }))}
            />
          </Form.Item>
          <ResetReasonFields
            id="review-reset"
            label={t('review.reason')}
            reason={reason}
            onReason={setReason}
            typed={typed}
            onTyped={setTyped}
          />
          <Button
            danger
            htmlType="submit"
            loading={reset.isPending}
            disabled={!personId || (reason === 'other' && !typed.trim())}
          >
            {t('review.reset.submit')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
