import { Form, Input, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { SendCodeButton } from './send-code-button.tsx';

/**
 * The labelled six-digit code field (SMS or e-mail) beside its "get code" button; `onSend` answers
 * whether a code went out, as for SendCodeButton.
 */
export function CodeField(props: {
  name: string;
  label: string;
  rules: Rule[];
  onSend: () => Promise<boolean | number>;
  placeholder?: string;
}) {
  return (
    <Form.Item label={props.label} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={props.name} noStyle rules={props.rules}>
          <Input
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={props.placeholder}
            aria-label={props.label}
          />
        </Form.Item>
        <SendCodeButton onSend={props.onSend} />
      </Space.Compact>
    </Form.Item>
  );
}
