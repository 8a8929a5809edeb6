import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailField, mobileField } from '@portal/contract/validation';
import { zodRule } from '../../../components/shipping-form/zod-rule.ts';

/** A person's mobile and e-mail (form fields `mobile` and `mail`): asked when added, editable later. */
export function ContactFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="mobile" label={t('orders.form.mobile')} rules={[zodRule(mobileField)]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="mail" label={t('orders.form.mail')} rules={[zodRule(mailField)]}>
        <Input maxLength={80} />
      </Form.Item>
    </>
  );
}
