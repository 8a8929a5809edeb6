import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { REJECT_REASONS } from '@portal/contract/console';
import { pick } from '../../../lib/i18n.ts';

/** A reason from the refusal list or typed (the two send-back forms: the reviewer's and the school's). */
export type ResetReason = number | 'other';

export function ResetReasonFields({
  id,
  label,
  reason,
  onReason,
  typed,
  onTyped,
}: {
  id: string;
  label: string;
  reason: ResetReason;
  onReason: (r: ResetReason) => void;
  typed: string;
  onTyped: (text: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={label} htmlFor={`${id}-reason`}>
        <Select
          id={`${id}-reason`}
          value={reason}
          onChange={onReason}
          options={[
            ...REJECT_REASONS.map((r, i) => ({ value: i, label: pick(r) })),
            { value: 'other' as const, label: t('review.other') },
          ]}
        />
      </Form.Item>
      {reason === 'other' && (
        <Form.Item label={t('review.typedReason')} htmlFor={`${id}-typed`}>
          <Input.TextArea id={`${id}-typed`} value={typed} maxLength={200} onChange={(e) => onTyped(e.target.value)} />
        </Form.Item>
      )}
    </>
  );
}
