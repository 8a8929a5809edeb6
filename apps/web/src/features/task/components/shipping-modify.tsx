import { useState } from 'react';
import { message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskOrder } from '@portal/contract/task';
import { ShippingForm, type ShippingValues } from '../../../components/shipping-form/shipping-form.tsx';
import { updateTaskShipping } from '../api.ts';
import { ModifyDialog } from './modify-dialog.tsx';

/** Modify beside logistics: the shared shipping form, saved by /api/taskOrder/updateShipping. */
export function ShippingModifyButton({ order, onDone }: { order: TaskOrder; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const save = async (v: ShippingValues) => {
    try {
      await updateTaskShipping(order.id, v);
      void message.success(t('msg.ok.modified'), 1);
      setOpen(false);
      onDone();
    } catch {
      // the client has shown the server's message
    }
  };
  return (
    <ModifyDialog open={open} onOpenChange={setOpen} title={t('task.logistics')} footer={null} width={640}>
      <ShippingForm allowLandline initial={order} submitText={t('task.savePerson')} onSubmit={save} />
    </ModifyDialog>
  );
}
