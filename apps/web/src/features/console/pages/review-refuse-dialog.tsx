import { useState, type KeyboardEvent } from 'react';
import { Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { REJECT_REASONS } from '@portal/contract/console';
import { pick } from '../../../lib/i18n.ts';

type Choice = number | 'other';

/**
 * The reason for refusing one person's photo: the list (keys 1–6 pick, Enter confirms) or a typed
 * reason; the student reads the list's reasons in their language and a typed one as typed.
 */
export function RefuseDialog({
  open,
  name,
  pending,
  onCancel,
  onRefuse,
}: {
  open: boolean;
  name: string;
  pending: boolean;
  onCancel: () => void;
  onRefuse: (r: { reasonIndex?: number; reasonText?: string }) => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(0);
  const [typed, setTyped] = useState('');
  const ready = choice !== 'other' || !!typed.trim();
  const submit = () => {
    if (!ready) return;
    onRefuse(choice === 'other' ? { reasonText: typed.trim() } : { reasonIndex: choice });
  };
  const onKey = (e: KeyboardEvent) => {
    if ((e.target as HTMLElement).closest('textarea')) return;
    const n = Number(e.key);
    if (n >= 1 && n <= REJECT_REASONS.length) setChoice(n - 1);
    else if (e.key === '0') setChoice('other');
    else if (e.key === 'Enter') submit();
    else return;
    e.preventDefault();
  };
  return (
    <Modal
      open={open}
      title={t('review.refuseTitle', { name })}
      onCancel={onCancel}
      onOk={submit}
      okText={t('review.refuse')}
      okButtonProps={{ danger: true, disabled: !ready }}
      confirmLoading={pending}
      destroyOnHidden
    >
      <div onKeyDown={onKey}>
        <Radio.Group
          value={choice}
          onChange={(e) => setChoice(e.target.value as Choice)}
          style={{ display: 'grid', gap: 8 }}
          aria-label={t('review.reason')}
        >
          {REJECT_REASONS.map((r, i) => (
            <Radio key={r.zh} value={i} autoFocus={i === 0}>
              {i + 1}. {pick(r)}
            </Radio>
          ))}
          <Radio value="other">0. {t('review.other')}</Radio>
        </Radio.Group>
        {choice === 'other' && (
          <Input.TextArea
            aria-label={t('review.typedReason')}
            style={{ marginTop: 8 }}
            value={typed}
            maxLength={200}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
          />
        )}
      </div>
    </Modal>
  );
}
