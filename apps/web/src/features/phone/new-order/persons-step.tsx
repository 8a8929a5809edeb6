import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { canAddPerson, canEditPhoto } from '@portal/contract/order-states';
import { MAX_PERSONS_PER_ORDER } from '@portal/contract/prices';
import { PhoneQueryState } from '../shell/phone-query-state.tsx';
import { toastFail, toastOk } from '../phone-toast.ts';
import { deletePerson, newOrderKeys, useOrder } from './api.ts';

/** The order's people so far with the server's price; edit or delete one, add another (at most 30) or go on to delivery. */
export function PersonsStep({
  orderId,
  onAdd,
  onEdit,
  onNext,
}: {
  orderId: number;
  onAdd: () => void;
  onEdit: (detailId: number) => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const q = useOrder(orderId);
  const qc = useQueryClient();
  if (!q.isSuccess) return <PhoneQueryState query={q} />;
  const { order, orderDetails } = q.data;
  const add = () => {
    if (orderDetails.length >= MAX_PERSONS_PER_ORDER) return toastFail(t('msg.order.max30'));
    onAdd();
  };
  const removable = canAddPerson({ kind: 'individual', state: order.state });
  const editable = canEditPhoto({ kind: 'individual', state: order.state });
  const remove = async (detailId: number) => {
    if (
      !(await Dialog.confirm({
        content: t('msg.order.confirmDelete'),
        confirmText: t('phone.ok'),
        cancelText: t('phone.cancel'),
      }))
    )
      return;
    try {
      toastOk(await deletePerson(detailId, orderId));
      await qc.invalidateQueries({ queryKey: newOrderKeys.order(orderId) });
    } catch {
      // the client has shown the server's message
    }
  };
  const next = () => {
    if (!orderDetails.length) return toastFail(t('msg.order.atLeastOnePhoto'));
    onNext();
  };
  return (
    <section className="phone-card" aria-labelledby="persons-h">
      <h2 id="persons-h" className="phone-section-title" style={{ marginTop: 0 }}>
        {t('phone.new.persons', { n: orderDetails.length })}
      </h2>
      <p className="phone-muted">
        {t('orders.info.orderNo')} {order.orderNo}
      </p>
      {orderDetails.length === 0 && <p>{t('phone.new.noPersons')}</p>}
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {orderDetails.map((d) => (
          <li key={d.id} className="new-order-person" data-testid="new-order-person">
            {d.picUrl && <img src={d.picUrl} alt="" />}
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ fontWeight: 600 }}>{d.name}</div>
              <div className="phone-muted">
                {d.schoolName} · {d.studentId}
              </div>
              {d.mobile && <div className="phone-muted">{d.mobile}</div>}
            </div>
            <div className="new-order-person-actions">
              {editable && (
                <Button fill="outline" aria-label={`${t('phone.new.edit')} ${d.name}`} onClick={() => onEdit(d.id)}>
                  {t('phone.new.edit')}
                </Button>
              )}
              {removable && (
                <Button
                  fill="outline"
                  color="danger"
                  aria-label={`${t('orders.info.delete')} ${d.name}`}
                  onClick={() => void remove(d.id)}
                >
                  {t('orders.info.delete')}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <p>
        {t('orders.info.unitPrice')}: {t('orders.info.yuan', { v: order.unitPrice })} · {t('orders.info.total')}:{' '}
        <strong data-testid="order-total">{t('orders.info.yuan', { v: order.payTotal })}</strong>
      </p>
      <div className="new-order-footer">
        <Button block size="large" onClick={add}>
          {t('orders.info.addPhoto')}
        </Button>
        <Button block color="primary" size="large" onClick={next}>
          {t('orders.info.next')}
        </Button>
      </div>
    </section>
  );
}
