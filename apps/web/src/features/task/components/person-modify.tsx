import { useState } from 'react';
import { Button, Form, Input, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { taskUpdatePersonBody, type TaskOrderDetail } from '@portal/contract/task';
import { PhotoUpload } from '../../../components/photo-upload/photo-upload.tsx';
import { updateTaskPerson } from '../api.ts';
import { zodRule } from './zod-rule.ts';

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
    <>
      <Button type="link" onClick={() => setOpen(true)}>
        {t('task.modify')}
      </Button>
      <Modal
        open={open}
        title={t('task.modify')}
        onCancel={() => setOpen(false)}
        onOk={() => void save()}
        okText={t('task.savePerson')}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ mobile: detail.mobile, mail: detail.mail, picUrl: detail.picUrl ?? undefined }}
        >
          <Form.Item
            name="picUrl"
            label={t('task.photo')}
            rules={[{ required: true, message: t('msg.image.required') }]}
          >
            <PhotoUpload flow="task" onChange={(url) => form.setFieldValue('picUrl', url)} />
          </Form.Item>
          <Form.Item name="mobile" label={t('task.mobile')} rules={[zodRule(shape.mobile, t)]} required>
            <Input maxLength={11} />
          </Form.Item>
          <Form.Item name="mail" label={t('task.mail')} rules={[zodRule(shape.mail, t)]} required>
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
