import { useState } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Row, Select, Switch, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSafeLink } from '@portal/contract/links';
import { CONTENT_TYPES, CONTENT_TYPE_NAMES, type ContentField, type ContentType } from '@portal/contract/console';
import { FAQ_TYPES } from '@portal/contract/content';
import { QueryState } from '../../../components/query-state.tsx';
import { pick } from '../../../lib/i18n.ts';
import { QueryTable } from '../query-table.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { RichText } from '../rich-text.tsx';
import { cGet, cPost } from '../console-api.ts';
import { FormsTab } from './forms-tab.tsx';
import { EditDeleteActions } from '../row-actions.tsx';

type Row = Record<string, unknown>;
const keyOf = (type: ContentType) => (type === 'staticPages' ? 'key' : 'id');
/** A notice's type: 1 the home page's pop-up (important_notice), 2 the notice board (notice_list). */
const NOTICE_TYPES = [1, 2];
/** Written in the rich-text editor instead of as HTML. */
const RICH = new Set<ContentType>(['notices', 'news', 'faqs']);
const isFaqType = (type: ContentType, f: ContentField) => type === 'faqs' && f.name === 'type';
const isNoticeType = (type: ContentType, f: ContentField) => type === 'notices' && f.name === 'type';

/** Content editing: one tab per content type, plus the site settings; HTML previewed in both languages. */
export default function ContentPage() {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.content')}</Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          ...CONTENT_TYPE_NAMES.map((type) => ({
            key: type,
            label: t(`console.content.${type}`),
            children: <ContentTable type={type} />,
          })),
          { key: 'forms', label: t('console.content.forms'), children: <FormsTab /> },
          { key: 'settings', label: t('console.content.settings'), children: <SettingsForm /> },
        ]}
      />
    </section>
  );
}

function ContentTable({ type }: { type: ContentType }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fields: readonly ContentField[] = CONTENT_TYPES[type];
  const [editing, setEditing] = useState<Row | null>(null);
  const q = useQuery({
    queryKey: ['console', 'content', type],
    queryFn: () => cGet(`/api/console/content/${type}`),
  });
  const done = () => void qc.invalidateQueries({ queryKey: ['console', 'content', type] });
  const remove = useMutation({
    mutationFn: (id: unknown) => cPost(`/api/console/content/${type}/delete`, { id }),
    onSuccess: done,
  });
  const show = (v: unknown) => (typeof v === 'boolean' ? (v ? t('console.yes') : t('console.no')) : String(v ?? ''));
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing({})}>
        {t('console.content.add')}
      </Button>
      <QueryTable<Row>
        query={q}
        rowKey={(r) => String(r[keyOf(type)])}
        columns={[
          ...fields
            .filter((f) => f.list)
            .map((f) => ({
              title: t(`console.field.${f.name}`),
              dataIndex: f.name,
              render: isNoticeType(type, f)
                ? (v: unknown) => t(`console.notice.type.${String(v)}`, { defaultValue: String(v) })
                : isFaqType(type, f)
                  ? (v: unknown) => (FAQ_TYPES[Number(v)] ? pick(FAQ_TYPES[Number(v)]!) : show(v))
                  : show,
            })),
          {
            title: t('console.col.actions'),
            render: (_: unknown, r: Row) => (
              <EditDeleteActions onEdit={() => setEditing(r)} onDelete={() => remove.mutate(r[keyOf(type)])} />
            ),
          },
        ]}
      />
      {editing && (
        <ContentEditor
          type={type}
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            done();
          }}
        />
      )}
    </>
  );
}

function ContentEditor({
  type,
  row,
  onClose,
  onSaved,
}: {
  type: ContentType;
  row: Row;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Row>();
  const fields: readonly ContentField[] = CONTENT_TYPES[type];
  const id = row[keyOf(type)] ?? null;
  const values = Form.useWatch([], form) as Row | undefined;
  const save = useMutation({
    mutationFn: (v: Row) => cPost(`/api/console/content/${type}`, { id, values: v }),
    onSuccess: onSaved,
  });
  const html = fields.filter((f) => f.kind === 'html');
  const initial = Object.fromEntries(
    fields.map((f) => [
      f.name,
      row[f.name] ?? (f.kind === 'bool' ? true : f.kind === 'int' ? (f.name === 'sort' ? 0 : 1) : ''),
    ]),
  );
  return (
    <Modal
      open
      width={1000}
      title={id === null ? t('console.content.add') : t('console.edit')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
    >
      <Row gutter={24}>
        <Col span={html.length ? 12 : 24}>
          <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
            {fields.map((f) => (
              <Form.Item
                key={f.name}
                name={f.name}
                label={t(`console.field.${f.name}`)}
                valuePropName={f.kind === 'bool' ? 'checked' : 'value'}
                rules={[
                  ...(f.required && f.kind !== 'bool' ? [{ required: true, message: t('msg.school.required') }] : []),
                  // The server's rule (contract links.ts): a link is http or https, or left empty.
                  ...(f.kind === 'link'
                    ? [
                        {
                          validator: (_: unknown, v: unknown) =>
                            typeof v !== 'string' || v.trim() === '' || isSafeLink(v.trim())
                              ? Promise.resolve()
                              : Promise.reject(new Error(t('msg.content.linkInvalid'))),
                        },
                      ]
                    : []),
                ]}
              >
                {isNoticeType(type, f) ? (
                  <Select options={NOTICE_TYPES.map((n) => ({ value: n, label: t(`console.notice.type.${n}`) }))} />
                ) : isFaqType(type, f) ? (
                  <Select
                    aria-label={t('console.field.type')}
                    options={Object.entries(FAQ_TYPES).map(([n, name]) => ({ value: Number(n), label: pick(name) }))}
                  />
                ) : f.kind === 'bool' ? (
                  <Switch />
                ) : f.kind === 'int' ? (
                  <InputNumber min={0} />
                ) : f.kind === 'link' ? (
                  <Input inputMode="url" placeholder="https://" />
                ) : f.kind === 'text' ? (
                  <Input disabled={type === 'staticPages' && f.name === 'key' && id !== null} />
                ) : f.kind === 'html' && RICH.has(type) ? (
                  <RichText label={t(`console.field.${f.name}`)} />
                ) : (
                  <Input.TextArea rows={f.kind === 'html' ? 6 : 3} />
                )}
              </Form.Item>
            ))}
          </Form>
        </Col>
        {html.length > 0 && (
          <Col span={12}>
            <Typography.Title level={4}>{t('console.content.preview')}</Typography.Title>
            {html.map((f) => (
              <Card key={f.name} size="small" title={t(`console.field.${f.name}`)} style={{ marginBottom: 12 }}>
                <SafeHtml html={String(values?.[f.name] ?? '')} />
              </Card>
            ))}
          </Col>
        )}
      </Row>
    </Modal>
  );
}

function SettingsForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ['console', 'settings'],
    queryFn: () => cGet('/api/console/settings'),
  });
  const save = useMutation({
    mutationFn: (v: { on: boolean; zh: string; en: string; phones: string }) =>
      cPost('/api/console/settings', {
        maintenance: { on: v.on, zh: v.zh, en: v.en },
        servicePhones: v.phones.split(/[,，\s]+/).filter(Boolean),
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['console', 'settings'] }),
  });
  return (
    <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
      {q.data && (
        <Form
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ ...q.data.maintenance, phones: q.data.servicePhones.join(', ') }}
          onFinish={(v) => save.mutate(v)}
        >
          <Form.Item name="on" label={t('console.settings.maintenanceOn')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="zh" label={t('console.settings.maintenanceZh')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="en" label={t('console.settings.maintenanceEn')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item
            name="phones"
            label={t('console.settings.phones')}
            rules={[{ required: true, message: t('msg.phone.required') }]}
          >
            <Input />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('console.save')}
          </Button>
        </Form>
      )}
    </QueryState>
  );
}
