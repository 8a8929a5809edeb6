import { useState } from 'react';
import {
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Tabs,
  Typography,
  Upload,
  message,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { QueryTable } from '../query-table.tsx';
import { fetchSchools, fetchTasks, importSchools, saveTask, setPilot, setSchoolBranch } from '../api.ts';
import { useStaff } from '../staff-context.ts';
import { may } from '../access.ts';
import { when } from '../ui.tsx';
import { pick } from '../../../lib/i18n.ts';
import { yuanLabel } from '@portal/contract/prices';
import type { ConsoleSchoolRow, ConsoleTaskRow } from '@portal/contract/console';

type SchoolRow = ConsoleSchoolRow;
type TaskRow = ConsoleTaskRow;

/** Schools (national list import, pilot flags) and centralised-collection tasks. */
export default function SchoolsPage() {
  const { t } = useTranslation();
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.schools')}</Typography.Title>
      <Tabs
        items={[
          { key: 'tasks', label: t('console.schools.tasks'), children: <Tasks /> },
          { key: 'schools', label: t('console.schools.schools'), children: <Schools /> },
        ]}
      />
    </section>
  );
}

function Schools() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // Importing schools and the pilot switch: the contract's role table (admin only today).
  const admin = may(useStaff(), 'schools.manage');
  const [q, setQ] = useState('');
  const list = useQuery({
    queryKey: ['console', 'schools', q],
    queryFn: () => fetchSchools(q),
  });
  const done = () => void qc.invalidateQueries({ queryKey: ['console', 'schools'] });
  const pilot = useMutation({
    mutationFn: (v: { yxdm: string; on: boolean }) => setPilot(v.yxdm, v.on),
    onSuccess: done,
  });
  const upload = useMutation({
    mutationFn: async (file: File) => importSchools(await file.text()),
    onSuccess: (r) => {
      void message.success(t('console.schools.imported', r));
      done();
    },
  });
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label={t('console.col.school')}
          placeholder={t('console.col.school')}
          allowClear
          onSearch={setQ}
          style={{ width: 280 }}
        />
        {admin && (
          <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(f) => (upload.mutate(f), false)}>
            <Button loading={upload.isPending}>{t('console.schools.import')}</Button>
          </Upload>
        )}
      </Space>
      <QueryTable<SchoolRow>
        query={list}
        rowKey="yxdm"
        columns={[
          { title: t('console.schools.yxdm'), dataIndex: 'yxdm' },
          { title: t('console.col.school'), dataIndex: 'name' },
          { title: t('console.field.province'), dataIndex: 'province' },
          { title: t('console.schools.level'), dataIndex: 'level' },
          {
            title: t('console.schools.pilot'),
            dataIndex: 'testPoint',
            render: (v: number, r) => (
              <Switch
                aria-label={`${t('console.schools.pilot')} ${r.name}`}
                checked={v === 1}
                disabled={!admin}
                onChange={(on) => pilot.mutate({ yxdm: r.yxdm, on })}
              />
            ),
          },
          {
            title: t('console.col.branch'),
            dataIndex: 'fy',
            render: (v: string | null, r) =>
              admin ? (
                <BranchCell key={`${r.yxdm}:${v ?? ''}`} row={r} onSaved={done} />
              ) : r.fyName ? (
                pick(r.fyName)
              ) : (
                (v ?? t('console.none'))
              ),
          },
        ]}
      />
    </>
  );
}

/** The branch serving a school, edited by admins: a branch account runs tasks only for its own schools. */
function BranchCell({ row, onSaved }: { row: SchoolRow; onSaved: () => void }) {
  const { t } = useTranslation();
  const [fy, setFy] = useState(row.fy ?? '');
  const save = useMutation({
    mutationFn: () => setSchoolBranch(row.yxdm, fy),
    onSuccess: () => {
      void message.success(t('console.schools.branchSaved'));
      onSaved();
    },
  });
  return (
    <Space.Compact>
      <Input
        aria-label={`${t('console.col.branch')} ${row.name}`}
        value={fy}
        maxLength={40}
        onChange={(e) => setFy(e.target.value)}
        onPressEnter={() => save.mutate()}
        style={{ width: 120 }}
      />
      <Button aria-label={`${t('console.save')} ${row.name}`} loading={save.isPending} onClick={() => save.mutate()}>
        {t('console.save')}
      </Button>
      {/* The code's branch by name (from the collection centres), once one is known. */}
      {row.fyName && (
        <Typography.Text type="secondary" style={{ alignSelf: 'center', marginInlineStart: 8 }}>
          {pick(row.fyName)}
        </Typography.Text>
      )}
    </Space.Compact>
  );
}

function Tasks() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const staff = useStaff();
  const [editing, setEditing] = useState<Partial<TaskRow> | null>(null);
  const [form] = Form.useForm();
  const list = useQuery({ queryKey: ['console', 'tasks'], queryFn: fetchTasks });
  const save = useMutation({
    mutationFn: ({
      price,
      ...v
    }: Omit<TaskRow, 'id' | 'endTime' | 'priceFen' | 'schoolName'> & { endTime: Dayjs; price: number }) =>
      saveTask({ ...v, id: editing?.id, priceFen: Math.round(price * 100), endTime: v.endTime.toISOString() }),
    onSuccess: () => {
      setEditing(null);
      void qc.invalidateQueries({ queryKey: ['console', 'tasks'] });
    },
  });
  const open = (r: Partial<TaskRow>) => {
    form.setFieldsValue({
      mosaic: false,
      captureOnly: false,
      active: true,
      fy: staff?.branch ?? '',
      ...r,
      price: (r.priceFen ?? 0) / 100,
      endTime: r.endTime ? dayjs(r.endTime) : undefined,
    });
    setEditing(r);
  };
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open({})}>
        {t('console.schools.addTask')}
      </Button>
      <QueryTable<TaskRow>
        query={list}
        rowKey="id"
        columns={[
          { title: t('console.schools.featureCode'), dataIndex: 'featureCode' },
          { title: t('console.col.school'), render: (_, r) => `${r.schoolName ?? ''} (${r.yxdm})` },
          { title: t('console.field.titleZh'), dataIndex: 'nameZh' },
          { title: t('console.col.amount'), dataIndex: 'priceFen', render: yuanLabel },
          { title: t('console.schools.deadline'), dataIndex: 'endTime', render: when },
          {
            title: t('console.schools.mosaic'),
            dataIndex: 'mosaic',
            render: (v: boolean) => (v ? t('console.yes') : t('console.no')),
          },
          {
            title: t('console.col.branch'),
            dataIndex: 'fy',
            render: (v: string | null, r) => (r.fyName ? pick(r.fyName) : v),
          },
          {
            title: t('console.field.active'),
            dataIndex: 'active',
            render: (v: boolean) => (v ? t('console.yes') : t('console.no')),
          },
          {
            title: t('console.col.actions'),
            render: (_, r) => (
              <Button size="small" onClick={() => open(r)}>
                {t('console.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        forceRender
        title={editing?.id ? t('console.edit') : t('console.schools.addTask')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          {staff?.role === 'branch' && (
            <Typography.Paragraph type="secondary">{t('console.schools.branchHint')}</Typography.Paragraph>
          )}
          <Form.Item
            name="yxdm"
            label={t('console.schools.yxdm')}
            rules={[{ required: true, pattern: /^\d{5}$/, message: t('msg.school.chooseFromList') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="featureCode"
            label={t('console.schools.featureCode')}
            rules={[{ required: true, message: t('msg.task.featureCodeRequired') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="nameZh" label={t('console.field.titleZh')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={t('console.field.titleEn')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="price" label={t('console.schools.price')} rules={[{ required: true }]}>
            <InputNumber min={0} step={1} />
          </Form.Item>
          <Form.Item name="endTime" label={t('console.schools.deadline')} rules={[{ required: true }]}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="fy" label={t('console.col.branch')} rules={[{ required: true }]}>
            <Input disabled={staff?.role === 'branch'} />
          </Form.Item>
          <Form.Item name="mosaic" label={t('console.schools.mosaic')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="captureOnly"
            label={t('console.schools.captureOnly')}
            tooltip={t('console.schools.captureOnlyHint')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="active" label={t('console.field.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
