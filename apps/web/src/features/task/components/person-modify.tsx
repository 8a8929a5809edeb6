import { useState } from 'react';
import { Form, Input, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { taskUpdatePersonBody, type TaskOrderDetail } from '@portal/contract/task';
import { updateTaskPerson } from '../api.ts';
import { zodRule } from './zod-rule.ts';
import { ModifyDialog } from './modify-dialog.tsx';
import { TaskPhotoField } from './task-photo-field.tsx';

/** Modify a person of a task order: mobile, mail and photo (the rest stays locked). */
export function PersonModifyButton({ detail, onDone }: { detail: TaskOrderDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ mobile: string; mail: string; picUrl?: string }>();
  const shape = taskUpdatePersonBody.shape;
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const msg = await updateTaskPerson({
        id: detail.id,
        mobile: v.mobile,
        mail: v.mail,
        picUrl: v.picUrl ?? '',
        fy: detail.fy,
      });
      void message.success(msg, 1);
      setOpen(false);
      onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModifyDialog
      open={open}
      onOpenChange={setOpen}
      title={t('task.modify')}
      onOk={() => void save()}
      okText={t('task.savePerson')}
      confirmLoading={busy}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ mobile: detail.mobile, mail: detail.mail, picUrl: detail.picUrl ?? undefined }}
      >
        <TaskPhotoField form={form} />
        <Form.Item name="mobile" label={t('task.mobile')} rules={[zodRule(shape.mobile, t)]} required>
          <Input maxLength={11} />
        </Form.Item>
        <Form.Item name="mail" label={t('task.mail')} rules={[zodRule(shape.mail, t)]} required>
          <Input />
        </Form.Item>
      </Form>
    </ModifyDialog>
  );
}
