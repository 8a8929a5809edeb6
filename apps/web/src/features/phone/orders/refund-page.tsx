import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, Form, Radio, Space, TextArea } from 'antd-mobile';
import { REFUND_REASONS } from '@portal/contract/refund-words';
import { pick } from '../../../lib/i18n-core.ts';
import { requestRefund } from '../api.ts';
import { phonePaths } from '../paths.ts';
import { toastOk } from '../phone-toast.ts';
import { useOrderParams } from './use-order-params.ts';
import '../phone-render.ts';

interface Values {
  reasonCode: string;
  reasonText?: string;
}

/** Request a refund with a reason (the short list and free text), after 您确定申请退款吗？ */
export default function PhoneRefundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id, kind } = useOrderParams();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Values) => {
    if (
      !(await Dialog.confirm({
        content: t('msg.refund.confirm'),
        confirmText: t('phone.ok'),
        cancelText: t('phone.cancel'),
      }))
    )
      return;
    setBusy(true);
    try {
      await requestRefund(kind, id, v.reasonCode, v.reasonText?.trim());
      toastOk(t('msg.ok.refundRequested'));
      await client.invalidateQueries({ queryKey: ['phone'] });
      navigate(phonePaths.order(id, kind), { replace: true });
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1 className="phone-title">{t('phone.refund.title')}</h1>
      <div className="phone-card" style={{ padding: 0 }}>
        <Form
          layout="vertical"
          onFinish={(v: Values) => void submit(v)}
          footer={
            <Button block type="submit" color="primary" size="large" loading={busy}>
              {t('phone.refund.submit')}
            </Button>
          }
        >
          <Form.Item
            name="reasonCode"
            label={t('phone.refund.reason')}
            rules={[{ required: true, message: t('phone.refund.reasonRequired') }]}
          >
            <Radio.Group>
              <Space direction="vertical" block>
                {Object.entries(REFUND_REASONS).map(([code, text]) => (
                  <Radio key={code} value={code} style={{ minHeight: 36 }}>
                    {pick(text)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="reasonText" label={t('phone.refund.more')}>
            <TextArea maxLength={200} showCount rows={3} placeholder={t('phone.refund.morePlaceholder')} />
          </Form.Item>
        </Form>
      </div>
    </>
  );
}
