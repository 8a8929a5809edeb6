import { Form } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { PhotoUpload } from '../../../components/photo-upload/photo-upload.tsx';

/**
 * The required photo of a task order's person (form field `picUrl`), uploaded by the task flow;
 * with the task's id (a capture-only task takes only a photo taken with the camera).
 */
export function TaskPhotoField({
  form,
  taskId,
  captureOnly,
}: {
  form: FormInstance;
  taskId?: number;
  captureOnly?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form.Item name="picUrl" label={t('task.photo')} rules={[{ required: true, message: t('msg.image.required') }]}>
      <PhotoUpload
        flow="task"
        taskId={taskId}
        captureOnly={captureOnly}
        onChange={(url) => form.setFieldValue('picUrl', url)}
      />
    </Form.Item>
  );
}
