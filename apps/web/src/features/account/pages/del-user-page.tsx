import { useState } from 'react';
import { Alert, Button, Form, Modal, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../components/code-field.tsx';
import { CaptchaField, useFormCaptcha } from '../../../components/captcha.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { announceSessionChange, clearSession } from '../../../lib/session.ts';
import { deactivate, deactivationCheck, sendLogoutCode, type PendingOrder } from '../api.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { smsCodeRules } from '../../../components/form-rules.ts';

/** Where a blocking order is shown: the member's own order detail of its kind. */
function orderLink(o: PendingOrder): string {
  if (o.kind === 'task') return `/home/orderDetailCai?orderId=${o.id}&type=${o.state}&con=xiangqing`;
  if (o.kind === 'reprint') return '/home/myRollOder';
  return `/home/orderDetails?id=${o.id}&type=${o.state}&con=xiangqing`;
}

/**
 * Deactivate: first whether a paid order not yet shipped blocks it (said at once, with links to
 * those orders, issue 21); then a confirm, a logout code (captcha first), and the account is erased.
 */
export default function DelUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const check = useQuery({ queryKey: ['deactivation-check'], queryFn: deactivationCheck });
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ imageCode: string; code: string }>();
  const captcha = useFormCaptcha(form);
  const pending = check.data?.pendingOrders ?? [];

  const send = () =>
    captcha.sendCode('msg.code.needImage', (imageCode, imageToken) => sendLogoutCode({ imageToken, imageCode }), {
      // An order paid in the meantime blocks it now: show which.
      onRefused: () => void check.refetch(),
    });

  const ask = () =>
    Modal.confirm({
      title: t('msg.confirm.deactivate'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => setConfirmed(true),
    });

  const submit = async (v: { code: string }) => {
    setBusy(true);
    try {
      await deactivate(v.code.trim());
      void message.success(t('msg.ok.deactivated'), 2);
      clearSession();
      announceSessionChange();
      navigate('/home', { replace: true });
    } catch {
      void check.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('account.deactivateTitle')}>
      <QueryState loading={check.isLoading} error={check.error} onRetry={() => void check.refetch()}>
        {pending.length > 0 ? (
          <Alert
            type="error"
            showIcon
            message={t('msg.deactivate.pendingOrders')}
            description={
              <>
                <p>{t('account.deactivateBlockedWhy')}</p>
                <ul className="deactivate-orders">
                  {pending.map((o) => (
                    <li key={o.id}>
                      <Link to={orderLink(o)}>{t('account.deactivateOrderLink', { orderNo: o.orderNo })}</Link>
                    </li>
                  ))}
                </ul>
              </>
            }
          />
        ) : (
          <>
            <Alert
              type="warning"
              showIcon
              message={t('account.deactivateWarning')}
              description={t('account.deactivateDetail')}
              style={{ marginBottom: 16 }}
            />
            {!confirmed ? (
              <Button danger type="primary" block onClick={ask}>
                {t('account.deactivateButton')}
              </Button>
            ) : (
              <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark={false}>
                <CaptchaField captcha={captcha} label={t('account.imageCode')} />
                <CodeField name="code" label={t('account.logoutCode')} rules={smsCodeRules(t)} onSend={send} />
                <Button danger type="primary" htmlType="submit" disabled={busy} block>
                  {t('account.deactivateSubmit')}
                </Button>
              </Form>
            )}
          </>
        )}
      </QueryState>
    </AuthCard>
  );
}
