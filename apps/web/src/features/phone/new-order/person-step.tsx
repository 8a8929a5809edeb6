import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Selector } from 'antd-mobile';
import { EDUCATION_LEVELS, ID_TYPES, PERSON_ID_TYPES, SCHOOL_TYPES, SEXES } from '@portal/contract/enums';
import { idNumberIssue, personFormSchema, QR_EDUCATION_LEVEL, type SchoolSuggestion } from '@portal/contract/orders';
import { pick } from '../../../lib/i18n-core.ts';
import { FormRow } from './form-row.tsx';
import { MEMBER_INFO_KEY, loadMemberInfo } from '../../../lib/member-info.ts';
import { addPerson, createOrder } from './api.ts';
import type { PersonDraft } from './draft.ts';
import { PhotoField } from './photo-field.tsx';
import { fieldErrors } from './field-errors.ts';

type Errors = Partial<Record<keyof PersonDraft | 'school_name', string>>;

const choices = (rec: Record<number, { zh: string; en: string }>, keys?: readonly number[]) =>
  (keys ?? Object.keys(rec).map(Number)).map((k) => ({ value: k, label: pick(rec[k]) }));

/**
 * The person form with the desktop's fields, rules and messages (the contract's personFormSchema,
 * checked here and again by the server); the first person of a new order starts from the member's
 * name, mobile and e-mail. Saving creates the order, or adds the person to it.
 */
export function PersonStep(props: {
  school: SchoolSuggestion;
  education?: number;
  orderId: number;
  values: PersonDraft;
  onChange: (v: PersonDraft) => void;
  onSaved: (orderId: number) => void;
}) {
  const { t } = useTranslation();
  const { school, orderId } = props;
  // The ID number lives only here, in memory: never in the saved draft.
  const [idNum, setIdNum] = useState(props.values.id_num ?? '');
  const v: PersonDraft = {
    id_type: 1,
    school_type: 1,
    education: props.education ? (QR_EDUCATION_LEVEL[props.education] ?? props.education) : undefined,
    ...props.values,
    id_num: idNum,
  };
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<PersonDraft>) => {
    const { id_num: _kept, ...rest } = { ...v, ...patch };
    props.onChange(rest);
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof Errors];
      return next;
    });
  };

  const me = useQuery({ queryKey: MEMBER_INFO_KEY, queryFn: loadMemberInfo, enabled: !orderId });
  const prefilled = useRef(false);
  useEffect(() => {
    // Cached from an earlier form, the member's data would show even when not asked: only the first person takes it.
    const m = orderId ? undefined : me.data;
    if (!m || prefilled.current) return;
    prefilled.current = true;
    // Only empty fields: what the member typed stays.
    const patch: Partial<PersonDraft> = {};
    if (!v.name && m.name) patch.name = m.name;
    if (!v.mobile && m.mobile) patch.mobile = m.mobile;
    if (!v.mail && m.mail) patch.mail = m.mail;
    if (Object.keys(patch).length) set(patch);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me.data]);

  const submit = async () => {
    const body = {
      ...v,
      school_name: school.schoolname,
      daima: school.yxdm,
      ...(orderId ? { order_id: orderId } : {}),
    };
    const r = personFormSchema.safeParse(body);
    // The ID number's rule is the schema's refinement, which zod runs only once every field is valid: asked at once.
    const idIssue = idNumberIssue(v.id_type, idNum);
    if (!r.success || idIssue) {
      const found: Errors = fieldErrors(r.error?.issues ?? [], t);
      if (idIssue) found.id_num = t(`msg.${idIssue}`);
      setErrors(found);
      const first = Object.keys(found)[0];
      document.getElementById(`new-${first}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    setBusy(true);
    try {
      const id = orderId ? (await addPerson(r.data), orderId) : await createOrder(r.data);
      setIdNum('');
      props.onSaved(id);
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const text = (k: 'name' | 'mobile' | 'mail' | 'student_id' | 'major', max: number, type = 'text') => (
    <FormRow prefix="new" k={k} label={t(`orders.form.${k === 'student_id' ? 'studentId' : k}`)} error={errors[k]}>
      <Input
        id={`new-${k}`}
        type={type}
        maxLength={max}
        value={v[k] ?? ''}
        aria-invalid={!!errors[k]}
        aria-describedby={errors[k] ? `new-${k}-error` : undefined}
        onChange={(x) => set({ [k]: x })}
      />
    </FormRow>
  );
  const pickOne = (
    k: 'id_type' | 'sex' | 'school_type' | 'education',
    label: string,
    options: { value: number; label: string }[],
    onPicked?: () => void,
  ) => (
    <FormRow prefix="new" k={k} label={label} error={errors[k]} group>
      <Selector
        columns={options.length > 3 || options.some((o) => o.label.length > 10) ? 2 : 3}
        options={options}
        value={v[k] === undefined ? [] : [v[k]]}
        onChange={(arr) => {
          set({ [k]: arr[0] });
          onPicked?.();
        }}
      />
    </FormRow>
  );

  return (
    <section className="phone-card new-order-form" aria-labelledby="form-h">
      <h2 id="form-h" className="phone-section-title" style={{ marginTop: 0 }}>
        {t('orders.form.title')}
      </h2>
      {text('name', 40)}
      {text('mobile', 11, 'tel')}
      {text('mail', 80, 'email')}
      {pickOne('id_type', t('orders.form.idType'), choices(ID_TYPES, PERSON_ID_TYPES), () => setIdNum(''))}
      <FormRow prefix="new" k="id_num" label={t('orders.form.idNum')} error={errors.id_num}>
        <Input
          id="new-id_num"
          maxLength={30}
          value={idNum}
          autoComplete="off"
          aria-invalid={!!errors.id_num}
          aria-describedby={errors.id_num ? 'new-id_num-error' : 'new-id-kept'}
          onChange={(x) => {
            setIdNum(x);
            setErrors((e) => ({ ...e, id_num: undefined }));
          }}
        />
      </FormRow>
      <p className="phone-muted" id="new-id-kept" style={{ margin: '0 0 4px', fontSize: 13 }}>
        {t('phone.new.idKept')}
      </p>
      {pickOne('sex', t('orders.form.sex'), choices(SEXES))}
      {pickOne('school_type', t('orders.form.schoolType'), choices(SCHOOL_TYPES))}
      <FormRow prefix="new" k="school_name" label={t('orders.form.school')} error={errors.school_name}>
        <Input id="new-school_name" value={`${school.schoolname} (${school.yxdm})`} readOnly />
      </FormRow>
      {pickOne('education', t('orders.form.education'), choices(EDUCATION_LEVELS))}
      {text('student_id', 18)}
      {text('major', 50)}
      <PhotoField value={v.imageUrl} onChange={(imageUrl) => set({ imageUrl })} error={errors.imageUrl} />
      <div className="new-order-footer">
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('orders.form.submit')}
        </Button>
      </div>
    </section>
  );
}
