import { useNavigate } from 'react-router';
import { formatChinaTime } from '@portal/contract/time-format';
import { useTranslation } from 'react-i18next';
import { Button, List } from 'antd-mobile';
import { canEditPhoto, canModify, ORDER_STATE, showsPaymentInfo } from '@portal/contract/order-states';
import { REFUND_STATUS_TEXT } from '@portal/contract/refund-words';
import { pick } from '../../../lib/i18n-core.ts';
import { usePhotoRefusals, useOrderWithPersons, useRefund, useTimeline, type PersonRefusal } from '../api.ts';
import { phonePaths } from '../paths.ts';
import { hintKey, KIND_KEY, nextSteps } from './order-facts.ts';
import { StateTag } from './state-tag.tsx';
import { PhoneTimeline } from './timeline.tsx';
import { useOrderParams } from './use-order-params.ts';
import { CopyText } from './copy-text.tsx';
import { PhoneQueryState } from '../shell/phone-query-state.tsx';

/** An order on the phone: its persons and photos, refusals with what to do, progress, payment and parcel. */
export default function PhoneOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, kind } = useOrderParams();
  const q = useOrderWithPersons(kind, id);
  const individual = kind === 'individual';
  const timeline = useTimeline(id, individual);
  const refusals = usePhotoRefusals(id, individual);
  const refund = useRefund(id, kind !== 'task');
  if (!q.isSuccess)
    return (
      <PhoneQueryState
        query={q}
        action={<Button onClick={() => navigate(phonePaths.orders)}>{t('phone.orders.back')}</Button>}
      />
    );
  const { order: o, persons } = q.data;
  const summary = {
    ...o,
    kind,
    names: persons.map((p) => p.name),
    fileTime: 'fileTime' in o ? (o.fileTime as string | null) : null,
    refundStatus: refund.data?.status ?? null,
  };
  const can = nextSteps(summary);
  const photoEditable = individual && canEditPhoto({ ...summary }) && canModify({ ...summary });
  const refusedOf = (detailId: number): PersonRefusal | undefined =>
    refusals.data?.find((r) => r.detailId === detailId);
  const reasonText = (r: PersonRefusal | undefined) =>
    !r?.reason
      ? (o.refuseReason ?? t('phone.timeline.noReason'))
      : typeof r.reason === 'string'
        ? r.reason
        : pick(r.reason);
  return (
    <>
      <h1 className="phone-title">{t('phone.order.title')}</h1>
      <section className="phone-card" aria-labelledby="order-head">
        <div className="phone-row">
          <span className="phone-muted">{t(KIND_KEY[kind])}</span>
          <StateTag state={o.state} />
        </div>
        <h2 id="order-head" style={{ fontSize: 16, margin: '8px 0 4px' }}>
          {t('phone.orders.no', { no: o.orderNo })}
        </h2>
        <p style={{ margin: '4px 0' }}>{t(hintKey(summary))}</p>
        <div className="phone-actions">
          {can.pay && (
            <Button color="primary" onClick={() => navigate(phonePaths.pay(o.id))}>
              {t('phone.action.pay')}
            </Button>
          )}
          {can.track && (
            <Button onClick={() => navigate(phonePaths.track(o.id, kind))}>{t('phone.action.track')}</Button>
          )}
          {can.refund && (
            <Button onClick={() => navigate(phonePaths.refund(o.id, kind))}>{t('phone.action.refund')}</Button>
          )}
        </div>
      </section>

      <h2 className="phone-section-title">{t('phone.order.persons')}</h2>
      {persons.map((p) => {
        const refused =
          o.state === ORDER_STATE.REJECTED
            ? (refusedOf(p.id) ??
              (refusals.data?.length
                ? undefined
                : { detailId: p.id, name: p.name, reason: null, source: 'review' as const }))
            : refusedOf(p.id);
        return (
          <section key={p.id} className="phone-card" data-testid={`person-${p.id}`} aria-label={p.name}>
            <div style={{ display: 'flex', gap: 12 }}>
              {p.picUrl ? (
                <img className="phone-photo" src={p.picUrl} alt={t('phone.order.photoOf', { name: p.name })} />
              ) : (
                <div className="phone-photo" role="img" aria-label={t('phone.order.noPhoto')} />
              )}
              <div style={{ flex: 1, minWidth: 0 }}>
                <h3 style={{ margin: '0 0 4px', fontSize: 16 }}>{p.name}</h3>
                <div className="phone-muted">{p.schoolName}</div>
                <div className="phone-muted">{p.idNum}</div>
              </div>
            </div>
            {refused && (
              <div className="phone-alert" role="alert" style={{ marginTop: 10 }}>
                <strong>{t('phone.order.refused')}</strong> {reasonText(refused)}
                <div>{t(individual ? 'phone.order.refusedTodo' : 'phone.order.refusedTodoDesktop')}</div>
              </div>
            )}
            {photoEditable && (
              <Button
                block
                color={refused ? 'danger' : 'default'}
                style={{ marginTop: 10 }}
                onClick={() => navigate(phonePaths.fix(o.id, p.id))}
              >
                {t(refused ? 'phone.action.fixPerson' : 'phone.action.replacePhoto', { name: p.name })}
              </Button>
            )}
          </section>
        );
      })}

      {showsPaymentInfo(summary) && (
        <>
          <h2 className="phone-section-title">{t('phone.order.payment')}</h2>
          <List>
            <List.Item extra={`¥${o.payTotal}`}>{t('phone.order.amount')}</List.Item>
            <List.Item extra={o.payTime ? formatChinaTime(o.payTime) : '—'}>{t('phone.order.paidAt')}</List.Item>
            {refund.data && (
              <List.Item extra={pick(REFUND_STATUS_TEXT[refund.data.status])}>{t('phone.order.refund')}</List.Item>
            )}
          </List>
        </>
      )}

      {o.shippingReceiveName && (
        <>
          <h2 className="phone-section-title">{t('phone.order.shipping')}</h2>
          <List>
            <List.Item
              description={`${o.shippingProvinceName ?? ''}${o.shippingCityName ?? ''}${o.shippingDistrictName ?? ''}${o.shippingAddress ?? ''}`}
            >
              {o.shippingReceiveName} {o.shippingReceiveMobile}
            </List.Item>
            {o.shippingOrderNo && (
              <List.Item extra={<CopyText text={o.shippingOrderNo} />}>
                {o.shippingTypeName ?? t('phone.track.carrier')}
              </List.Item>
            )}
          </List>
        </>
      )}

      {individual && timeline.data && timeline.data.length > 0 && (
        <>
          <h2 className="phone-section-title">{t('phone.order.progress')}</h2>
          <div className="phone-card">
            <PhoneTimeline events={timeline.data} />
          </div>
        </>
      )}
    </>
  );
}
