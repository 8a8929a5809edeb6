import { useEffect } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { MemberNationalRejections } from '../../../components/order-photo-issues/order-photo-issues.tsx';

/** The dismiss button stays disabled this long (document 1, section 9). */
export const DISMISS_DELAY_SECONDS = 5;

/** Rejected-photo prompt: 1 or 3 lead to the individual orders list, 2 to the collective list. */
export function RejectPrompt(props: { flag: number; onList: (to: string) => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  const { left, running, start } = useCountdown();
  const open = props.flag > 0;
  useEffect(() => {
    if (open) start(DISMISS_DELAY_SECONDS);
  }, [open, start]);
  const to = props.flag === 2 ? '/home/myOrderCai' : '/home/myOrder';
  return (
    <Modal
      open={open}
      title={t('reject.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={[
        <Button key="dismiss" disabled={running} onClick={props.onDismiss}>
          {running ? t('reject.dismissIn', { n: left }) : t('reject.dismiss')}
        </Button>,
        <Button key="go" type="primary" onClick={() => props.onList(to)}>
          {t(props.flag === 2 ? 'reject.goCollective' : 'reject.goIndividual')}
        </Button>,
      ]}
    >
      <p>{t('reject.body')}</p>
      <MemberNationalRejections open={open} onGo={props.onList} />
    </Modal>
  );
}
