import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDUCATION_LEVELS, ID_TYPES, PERSON_ID_TYPES, SCHOOL_TYPES, SEXES } from '@portal/contract/enums';
import { idNumberIssue, majorField, personFormSchema } from '@portal/contract/orders';
import { nameField, studentIdField } from '@portal/contract/validation';
import { pick } from '../../../lib/i18n.ts';
import { MEMBER_INFO_KEY, loadMemberInfo } from '../../../lib/member-info.ts';
import { PhotoUpload } from '../../../components/photo-upload/photo-upload.tsx';
import { zodRule } from '../../../components/shipping-form/zod-rule.ts';
import { SchoolPicker } from './school-picker.tsx';
import { ContactFields } from './contact-fields.tsx';
import { ConsentBox, useConsentGiven } from './consent-box.tsx';
import { UploadCodeButton, type ScannedPerson } from './qr-step.tsx';

export interface PersonValues {
  name: string;
  mobile: string;
  mail: string;
  imageUrl: string;
  id_type: number;
  id_num: string;
  sex: number;
  school_type: number;
  school_name: string;
  daima: string;
  education: number;
  student_id: string;
  major: string;
  xllb?: number;
  bizSerialNum?: string;
}

const choices = (rec: Record<number, { zh: string; en: string }>, keys?: readonly number[]) =>
  (keys ?? Object.keys(rec).map(Number)).map((k) => ({ value: k, label: pick(rec[k]) }));

/** The manual form with every rule and message of document 2, section 5; national data locks its fields. */
export function PersonForm(props: {
  school?: { yxdm: string; name: string } | null;
  education?: number;
  scanned?: ScannedPerson | null;
  onSubmit: (v: PersonValues) => Promise<void>;
  onBack?: () => void;
  /** The first person of a new order starts from the logged-in member's name, mobile and e-mail. */
  prefillMember?: boolean;
  /** What the member typed before a reload (never the ID number). */
  initialValues?: Partial<PersonValues>;
  /** Every change the member makes, with all the form's values. */
  onValuesChange?: (all: Partial<PersonValues>) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PersonValues>();
  const [scanned, setScanned] = useState<ScannedPerson | null>(props.scanned ?? null);
  const [busy, setBusy] = useState(false);
  const consent = useConsentGiven();
  const locked = !!scanned;
  const s = personFormSchema.shape;
  const me = useQuery({ queryKey: MEMBER_INFO_KEY, queryFn: loadMemberInfo, enabled: !!props.prefillMember });
  const prefilled = useRef(false);
  useEffect(() => {
    const m = me.data;
    if (!m || prefilled.current) return;
    prefilled.current = true;
    // Only empty fields: what the national platform filled (the name) or the member typed stays.
    const empty = (k: keyof PersonValues) => !form.getFieldValue(k);
    form.setFieldsValue({
      ...(empty('name') && m.name ? { name: m.name } : {}),
      ...(empty('mobile') && m.mobile ? { mobile: m.mobile } : {}),
      ...(empty('mail') && m.mail ? { mail: m.mail } : {}),
    });
  }, [me.data, form]);

  useEffect(() => {
    form.setFieldsValue({
      id_type: form.getFieldValue('id_type') ?? 1,
      school_type: form.getFieldValue('school_type') ?? 1,
      ...(props.school ? { school_name: props.school.name, daima: props.school.yxdm } : {}),
      ...(props.education ? { education: props.education } : {}),
    });
  }, [form, props.school, props.education]);
  useEffect(() => {
    if (!scanned) return;
    form.setFieldsValue({
      name: scanned.name,
      student_id: scanned.studentId,
      school_name: scanned.schoolName,
      daima: scanned.yxdm,
      id_type: 1,
      id_num: scanned.idNum,
      bizSerialNum: scanned.bizSerialNum,
      xllb: scanned.xllb,
      ...(scanned.education && scanned.education <= 3 ? { education: scanned.education } : {}),
    });
  }, [scanned, form]);

  const submit = async (v: PersonValues) => {
    setBusy(true);
    try {
      await props.onSubmit({ ...form.getFieldsValue(true), ...v });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="form-h">
      <h2 id="form-h" style={{ fontSize: 18 }}>
        {t('orders.form.title')}
      </h2>
      {locked && <Alert type="info" showIcon message={t('orders.form.fromNational')} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={submit}
        scrollToFirstError
        initialValues={props.initialValues}
        onValuesChange={() => props.onValuesChange?.(form.getFieldsValue(true) as Partial<PersonValues>)}
      >
        <Form.Item name="name" label={t('orders.form.name')} rules={[zodRule(nameField)]}>
          <Input disabled={locked} maxLength={40} />
        </Form.Item>
        <ContactFields />
        <Form.Item name="id_type" label={t('orders.form.idType')} rules={[zodRule(s.id_type)]}>
          <Select
            disabled={locked}
            options={choices(ID_TYPES, PERSON_ID_TYPES)}
            aria-label={t('orders.form.idType')}
            onChange={() => form.setFieldValue('id_num', '')}
          />
        </Form.Item>
        <Form.Item
          name="id_num"
          label={t('orders.form.idNum')}
          dependencies={['id_type']}
          rules={[
            {
              validator: async (_r, v) => {
                const key = idNumberIssue(form.getFieldValue('id_type'), v);
                if (key) throw new Error(t(`msg.${key}`));
              },
            },
          ]}
        >
          <Input disabled={locked} maxLength={30} />
        </Form.Item>
        <Form.Item name="sex" label={t('orders.form.sex')} rules={[zodRule(s.sex)]}>
          <Radio.Group options={choices(SEXES)} />
        </Form.Item>
        <Form.Item name="school_type" label={t('orders.form.schoolType')} rules={[zodRule(s.school_type)]}>
          <Select options={choices(SCHOOL_TYPES)} aria-label={t('orders.form.schoolType')} />
        </Form.Item>
        <Form.Item
          name="school_name"
          label={t('orders.form.school')}
          htmlFor="form-school"
          rules={[
            zodRule(s.school_name),
            {
              validator: async () => {
                if (!form.getFieldValue('daima')) throw new Error(t('msg.school.chooseFromList'));
              },
            },
          ]}
        >
          <SchoolPicker
            id="form-school"
            disabled={locked || !!props.school}
            onPick={(p) => form.setFieldValue('daima', p?.yxdm ?? '')}
          />
        </Form.Item>
        <Form.Item name="daima" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="education" label={t('orders.form.education')} rules={[zodRule(s.education)]}>
          <Select disabled={locked} options={choices(EDUCATION_LEVELS)} aria-label={t('orders.form.education')} />
        </Form.Item>
        <Form.Item name="student_id" label={t('orders.form.studentId')} rules={[zodRule(studentIdField)]}>
          <Input disabled={locked} maxLength={18} />
        </Form.Item>
        <Form.Item name="major" label={t('orders.form.major')} rules={[zodRule(majorField)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4, span: 16 }}>
          <ConsentBox />
        </Form.Item>
        <Form.Item name="imageUrl" label={t('orders.form.photo')} rules={[zodRule(s.imageUrl)]}>
          <PhotoField disabled={!consent} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Space>
            {props.onBack && <Button onClick={props.onBack}>{t('orders.form.back')}</Button>}
            {!locked && <UploadCodeButton onScanned={setScanned} />}
            <Button type="primary" htmlType="submit" loading={busy}>
              {t('orders.form.submit')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </section>
  );
}

function PhotoField({
  value,
  onChange,
  disabled,
}: {
  value?: string;
  onChange?: (v: string | undefined) => void;
  disabled?: boolean;
}) {
  return <PhotoUpload flow="individual" value={value} onChange={(v) => onChange?.(v)} disabled={disabled} />;
}
