import { useState } from 'react';
import { Button, Form, Input, InputNumber, Modal, Radio, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FORM_FILE_EXTENSIONS,
  FORM_FILE_MAX_BYTES,
  FORM_FILE_MAX_MB,
  type ConsoleForm,
} from '@portal/contract/console';
import { QueryTable } from '../query-table.tsx';
import { cGet, cPost, cUpload } from '../console-api.ts';
import { when } from '../ui.tsx';
import { EditDeleteActions } from '../row-actions.tsx';

const KEY = ['console', 'forms'];
const ACCEPT = FORM_FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

function fileSize(n: number | null): string {
  if (n === null) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

interface Values {
  fileNameZh: string;
  fileNameEn: string;
  sort: number;
  source: 'file' | 'url';
  url?: string;
  file?: UploadFile[];
}

/** Downloadable forms: each an uploaded file (stored on the server) or an external link. */
export function FormsTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Partial<ConsoleForm> | null>(null);
  const q = useQuery({ queryKey: KEY, queryFn: () => cGet('/api/console/forms') });
  const remove = useMutation({
    mutationFn: (id: number) => cPost('/api/console/forms/delete', { id }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({})}>
        {t('console.content.add')}
      </Button>
      <QueryTable<ConsoleForm>
        query={q}
        rowKey="id"
        columns={[
          { title: t('console.forms.nameZh'), dataIndex: 'fileNameZh' },
          { title: t('console.forms.nameEn'), dataIndex: 'fileNameEn' },
          {
            title: t('console.forms.file'),
            render: (_, r) =>
              r.hasFile ? (
                <a href={r.downloadUrl}>{r.originalName ?? t('console.forms.download')}</a>
              ) : (
                <a
                  href={r.downloadUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >{`${t('console.forms.link')}: ${r.url ?? ''}`}</a>
              ),
          },
          { title: t('console.forms.size'), dataIndex: 'size', render: fileSize },
          { title: t('console.forms.sort'), dataIndex: 'sort' },
          { title: t('console.forms.updated'), dataIndex: 'updatedAt', render: when },
          {
            title: t('console.col.actions'),
            render: (_, r) => <EditDeleteActions onEdit={() => setEditing(r)} onDelete={() => remove.mutate(r.id)} />,
          },
        ]}
      />
      {editing && (
        <FormEditor
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void qc.invalidateQueries({ queryKey: KEY });
          }}
        />
      )}
    </>
  );
}

function FormEditor({
  row,
  onClose,
  onSaved,
}: {
  row: Partial<ConsoleForm>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const source = Form.useWatch('source', form);
  const save = useMutation({
    mutationFn: (v: Values) => {
      const fd = new FormData();
      if (row.id) fd.append('id', String(row.id));
      fd.append('fileNameZh', v.fileNameZh ?? '');
      fd.append('fileNameEn', v.fileNameEn ?? '');
      fd.append('sort', String(v.sort ?? 0));
      if (v.source === 'url') fd.append('url', v.url ?? '');
      const file = v.source === 'file' ? v.file?.[0]?.originFileObj : undefined;
      if (file) fd.append('file', file, file.name);
      return cUpload('/api/console/forms', fd);
    },
    onSuccess: onSaved,
  });
  const fileRule = {
    validator: async (_: unknown, list?: UploadFile[]) => {
      const f = list?.[0];
      if (!f) {
        if (!row.hasFile) throw new Error(t('msg.content.formFileOrUrl'));
        return;
      }
      const ext = /\.([A-Za-z0-9]+)$/.exec(f.name)?.[1]?.toLowerCase() ?? '';
      if (!(FORM_FILE_EXTENSIONS as readonly string[]).includes(ext)) throw new Error(t('msg.content.formFileType'));
      if ((f.size ?? 0) > FORM_FILE_MAX_BYTES)
        throw new Error(t('msg.content.formFileTooLarge').replace('{max}', String(FORM_FILE_MAX_MB)));
    },
  };
  return (
    <Modal
      open
      title={row.id ? t('console.edit') : t('console.content.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('console.save')}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          fileNameZh: row.fileNameZh ?? '',
          fileNameEn: row.fileNameEn ?? '',
          sort: row.sort ?? 0,
          source: row.id && !row.hasFile ? 'url' : 'file',
          url: row.url ?? '',
        }}
        onFinish={(v) => save.mutate(v)}
      >
        <Form.Item
          name="fileNameZh"
          label={t('console.forms.nameZh')}
          rules={[{ required: true, whitespace: true, message: t('msg.content.formNameZhRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="fileNameEn"
          label={t('console.forms.nameEn')}
          rules={[{ required: true, whitespace: true, message: t('msg.content.formNameEnRequired') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="sort" label={t('console.forms.sort')}>
          <InputNumber min={0} max={10000} />
        </Form.Item>
        <Form.Item name="source" label={t('console.forms.source')}>
          <Radio.Group
            options={[
              { value: 'file', label: t('console.forms.sourceFile') },
              { value: 'url', label: t('console.forms.sourceUrl') },
            ]}
          />
        </Form.Item>
        {source === 'url' ? (
          <Form.Item
            name="url"
            label={t('console.forms.url')}
            rules={[{ required: true, pattern: /^https?:\/\/[^\s<>"]+$/i, message: t('msg.content.formUrlInvalid') }]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        ) : (
          <Form.Item
            name="file"
            label={t('console.forms.file')}
            valuePropName="fileList"
            getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
            rules={[fileRule]}
            extra={
              <>
                <div>{t('console.forms.rule', { max: FORM_FILE_MAX_MB })}</div>
                {row.hasFile && (
                  <Typography.Text type="secondary">
                    {t('console.forms.current', { name: row.originalName ?? '', size: fileSize(row.size ?? null) })} ·{' '}
                    {t('console.forms.keep')}
                  </Typography.Text>
                )}
              </>
            }
          >
            <Upload beforeUpload={() => false} maxCount={1} accept={ACCEPT}>
              <Button icon={<UploadOutlined />}>{t('console.forms.choose')}</Button>
            </Upload>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
