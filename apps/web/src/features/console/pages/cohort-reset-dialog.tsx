import { useState } from 'react';
import { App, Form, Input, Modal, Select, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REJECT_REASONS } from '@portal/contract/console';
import type { CohortRow } from '@portal/contract/cohort';
import { pick } from '../../../lib/i18n.ts';
import { resetCohortPhoto } from '../cohort-api.ts';

/**
 * A school sends one student's approved photo back for a new one: the reason from the list or
 * typed, said to the student as written; the student replaces the photo without paying again.
 */
export function CohortResetDialog({
  taskId,
  row,
  onClose,
}: {
  taskId: number;
  row: CohortRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [reason, setReason] = useState<number | 'other'>(0);
  const [typed, setTyped] = useState('');
  const reset = useMutation({
    mutationFn: () =>
      resetCohortPhoto({
        taskId,
        studentId: row!.studentId,
        ...(reason === 'other' ? { reasonText: typed.trim() } : { reasonIndex: reason }),
      }),
    onSuccess: () => {
      void message.success(t('console.cohort.resetDone', { name: row!.name }));
      void client.invalidateQueries({ queryKey: ['console', 'cohort'] });
      setTyped('');
      onClose();
    },
  });
  return (
    <Modal
      open={!!row}
      title={row ? t('console.cohort.resetTitle', { name: row.name }) : ''}
      okText={t('console.cohort.resetSubmit')}
      okButtonProps={{ danger: true, disabled: reason === 'other' && !typed.trim(), loading: reset.isPending }}
      onOk={() => reset.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('console.cohort.resetHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('console.cohort.resetReason')} htmlFor="cohort-reset-reason">
          <Select
            id="cohort-reset-reason"
            value={reason}
            onChange={setReason}
            options={[
              ...REJECT_REASONS.map((r, i) => ({ value: i, label: pick(r) })),
              { value: 'other' as const, label: t('review.other') },
            ]}
          />
        </Form.Item>
        {reason === 'other' && (
          <Form.Item label={t('review.typedReason')} htmlFor="cohort-reset-typed">
            <Input.TextArea
              id="cohort-reset-typed"
              value={typed}
              maxLength={200}
              onChange={(e) => setTyped(e.target.value)}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
