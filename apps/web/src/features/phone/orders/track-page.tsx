import { useTranslation } from 'react-i18next';
import { formatChinaTime } from '@portal/contract/time-format';
import { DotLoading, ErrorBlock, List, Steps } from 'antd-mobile';
import { useOrderWithPersons, useTrace } from '../api.ts';
import { useOrderParams } from './use-order-params.ts';
import { CopyText } from './copy-text.tsx';

/** Track the parcel: carrier, waybill number (copyable) and the trace events, newest first. */
export default function PhoneTrackPage() {
  const { t } = useTranslation();
  const { id, kind } = useOrderParams();
  const q = useOrderWithPersons(kind, id);
  const waybill = q.data?.order.shippingOrderNo ?? null;
  const trace = useTrace(waybill);
  if (q.isPending)
    return (
      <div className="phone-loading">
        <DotLoading color="primary" />
      </div>
    );
  if (q.isError) return <ErrorBlock status="default" title={t('phone.loadFailed')} description="" />;
  const o = q.data.order;
  const events = [...(trace.data?.responseItems ?? [])].sort((a, b) => b.opTime.localeCompare(a.opTime));
  return (
    <>
      <h1 className="phone-title">{t('phone.track.title')}</h1>
      <List>
        <List.Item extra={trace.data?.carrier ?? o.shippingTypeName ?? '—'}>{t('phone.track.carrier')}</List.Item>
        <List.Item extra={waybill ? <CopyText text={waybill} /> : t('phone.track.none')}>
          {t('phone.track.number')}
        </List.Item>
      </List>
      <h2 className="phone-section-title">{t('phone.track.events')}</h2>
      <div className="phone-card">
        {!waybill ? (
          <p className="phone-muted">{t('phone.track.none')}</p>
        ) : trace.isPending ? (
          <DotLoading color="primary" />
        ) : events.length === 0 ? (
          <p className="phone-muted">{t('phone.track.noEvents')}</p>
        ) : (
          <Steps direction="vertical" current={0}>
            {events.map((e, i) => (
              <Steps.Step
                key={`${e.opTime}-${i}`}
                status={i === 0 ? 'process' : 'finish'}
                title={e.opDesc}
                description={formatChinaTime(e.opTime)}
              />
            ))}
          </Steps>
        )}
      </div>
    </>
  );
}
