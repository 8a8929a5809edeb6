import { Steps } from 'antd-mobile';
import { formatChinaTime } from '@portal/contract/time-format';
import { useTranslation } from 'react-i18next';
import type { TimelineEvent } from '@portal/contract/orders';

/** The order's state timeline, oldest first, each step in words with its time. */
export function PhoneTimeline({ events }: { events: TimelineEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return null;
  return (
    <Steps direction="vertical" current={events.length - 1}>
      {events.map((e, i) => (
        <Steps.Step
          key={`${e.step}-${i}`}
          status={
            e.step === 'rejected' || e.step === 'nationalRejected' || e.step === 'refundRefused' ? 'error' : 'finish'
          }
          title={t(`phone.timeline.${e.step}`, {
            reason: e.reason ?? t('phone.timeline.noReason'),
            carrier: e.carrier ?? '',
            waybill: e.waybill ?? '',
            name: e.name ?? '',
            amount: e.amount ?? '',
          })}
          description={formatChinaTime(e.at)}
        />
      ))}
    </Steps>
  );
}
