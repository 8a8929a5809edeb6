import { useState } from 'react';
import { App, Form, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CohortRow } from '@portal/contract/cohort';
import { resetCohortPhoto } from '../cohort-api.ts';
import { ResetReasonFields, type ResetReason } from './reset-reason-fields.tsx';

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
  const [reason, setReason] = useState<ResetReason>(0);
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
        <ResetReasonFields
          id="cohort-reset"
          label={t('console.cohort.resetReason')}
          reason={reason}
          onReason={setReason}
          typed={typed}
          onTyped={setTyped}
        />
      </Form>
    </Modal>
  );
}
