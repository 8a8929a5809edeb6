import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input } from 'antd-mobile';
import { EDUCATION_LEVELS, ID_TYPES } from '@portal/contract/enums';
import { personUpdateSchema } from '@portal/contract/orders';
import { canAddPerson } from '@portal/contract/order-states';
import { pick } from '../../../lib/i18n-core.ts';
import { PhoneQueryState } from '../shell/phone-query-state.tsx';
import { toastOk } from '../phone-toast.ts';
import { updatePersonPhoto } from '../api.ts';
import { newOrderKeys, useOrder } from './api.ts';
import type { EditDraft } from './draft.ts';
import { FormRow } from './form-row.tsx';
import { PhotoField } from './photo-field.tsx';
import { fieldErrors } from './field-errors.ts';

type Errors = Partial<Record<'mobile' | 'mail' | 'picUrl', string>>;

/**
 * Edit a saved person of the order: the desktop's modify rule (mobile, e-mail and photo change; name,
 * ID number, education, student number and school stay as saved, shown read-only, the ID number
 * masked as the server answers it). Saved through the server's updatePerson, which checks again.
 */
export function EditPersonStep(props: {
  orderId: number;
  detailId: number;
  /** What was changed so far (kept for a reload), when it is this person's. */
  values?: EditDraft;
  onChange: (v: EditDraft) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useOrder(props.orderId);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  if (!q.isSuccess) return <PhoneQueryState query={q} />;

  const line = q.data.orderDetails.find((d) => d.id === props.detailId);
  if (!line)
    return (
      <div className="phone-card" role="alert" style={{ textAlign: 'center' }}>
        <p>{t('phone.edit.gone')}</p>
        <Button color="primary" onClick={props.onDone}>
          {t('phone.edit.back')}
        </Button>
      </div>
    );
  const v: EditDraft =
    props.values?.id === line.id
      ? props.values
      : { id: line.id, mobile: line.mobile ?? '', mail: line.mail ?? '', imageUrl: line.picUrl ?? '' };
  const set = (patch: Partial<EditDraft>) => {
    props.onChange({ ...v, ...patch });
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[(k === 'imageUrl' ? 'picUrl' : k) as keyof Errors];
      return next;
    });
  };

  const submit = async () => {
    const r = personUpdateSchema.safeParse({ id: line.id, mobile: v.mobile, mail: v.mail, picUrl: v.imageUrl });
    if (!r.success) {
      setErrors(fieldErrors(r.error.issues, t));
      return;
    }
    setBusy(true);
    try {
      const msg = await updatePersonPhoto(r.data);
      toastOk(msg);
      await qc.invalidateQueries({ queryKey: newOrderKeys.order(props.orderId) });
      props.onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const locked: [string, string][] = [
    [t('orders.form.name'), line.name],
    [`${t('orders.form.idNum')} (${pick(ID_TYPES[line.idType] ?? { zh: '', en: '' })})`, line.idNum],
    [t('orders.form.school'), `${line.schoolName ?? ''}${line.yxdm ? ` (${line.yxdm})` : ''}`],
    [t('orders.form.education'), line.education ? pick(EDUCATION_LEVELS[line.education] ?? { zh: '', en: '' }) : ''],
    [t('orders.form.studentId'), line.studentId ?? ''],
  ];
  const text = (k: 'mobile' | 'mail', max: number, type: string) => (
    <FormRow prefix="edit" k={k} label={t(`orders.form.${k}`)} error={errors[k]}>
      <Input
        id={`edit-${k}`}
        type={type}
        maxLength={max}
        value={v[k]}
        aria-invalid={!!errors[k]}
        aria-describedby={errors[k] ? `edit-${k}-error` : undefined}
        onChange={(x) => set({ [k]: x.trim() })}
      />
    </FormRow>
  );

  return (
    <section className="phone-card new-order-form" aria-labelledby="edit-h">
      <h2 id="edit-h" className="phone-section-title" style={{ marginTop: 0 }}>
        {t('phone.edit.title')}
      </h2>
      <p className="phone-muted" style={{ marginTop: 0 }}>
        {t('orders.modify.locked')}
      </p>
      <dl className="new-order-locked" data-testid="edit-locked">
        {locked.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <p className="phone-muted" style={{ margin: '4px 0', fontSize: 13 }}>
        {t('phone.edit.idHidden')}
      </p>
      {canAddPerson({ kind: 'individual', state: q.data.order.state }) && (
        <p className="phone-muted" style={{ margin: '4px 0', fontSize: 13 }}>
          {t('phone.edit.wrongName')}
        </p>
      )}
      {text('mobile', 11, 'tel')}
      {text('mail', 80, 'email')}
      <PhotoField value={v.imageUrl || undefined} onChange={(imageUrl) => set({ imageUrl })} error={errors.picUrl} />
      <div className="new-order-footer">
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('orders.modify.save')}
        </Button>
        <Button block size="large" disabled={busy} onClick={props.onDone}>
          {t('orders.modify.cancel')}
        </Button>
      </div>
    </section>
  );
}
