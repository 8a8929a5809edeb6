import { useState } from 'react';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pick } from '../../../lib/i18n.ts';
import { STAFF_ROLES, type StaffSaveBody, type StaffUser } from '@portal/contract/console';
import { QueryTable } from '../query-table.tsx';
import { fetchStaff, resetStaffTotp, saveStaff, unlockStaff } from '../api.ts';
import { when } from '../ui.tsx';

/** Staff management (admins): accounts, roles, branch, password, deactivation, TOTP reset (each person enrols their own), lifting a login lock-out. */
export default function StaffPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Partial<StaffUser> | null>(null);
  const { message } = App.useApp();
  const [form] = Form.useForm<StaffSaveBody>();
  const q = useQuery({ queryKey: ['console', 'staff'], queryFn: fetchStaff });
  const save = useMutation({
    mutationFn: (v: StaffSaveBody) => saveStaff({ ...v, id: editing?.id, password: v.password || undefined }),
    onSuccess: () => {
      setEditing(null);
      void qc.invalidateQueries({ queryKey: ['console', 'staff'] });
    },
  });
  const reset = useMutation({
    mutationFn: (r: StaffUser) => resetStaffTotp(r.id),
    onSuccess: (_, r) => {
      void message.success(t('console.staff.totpResetDone', { name: r.name }));
      void qc.invalidateQueries({ queryKey: ['console', 'staff'] });
    },
  });
  const unlock = useMutation({
    mutationFn: (r: StaffUser) => unlockStaff(r.id),
    onSuccess: (_, r) => {
      void message.success(t('console.staff.unlockDone', { name: r.name }));
      void qc.invalidateQueries({ queryKey: ['console', 'staff'] });
    },
  });
  const role = Form.useWatch('role', form);
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.staff')}</Typography.Title>
      <Button
        type="primary"
        style={{ marginBottom: 12 }}
        onClick={() => {
          form.resetFields();
          setEditing({ role: 'reviewer', active: true });
        }}
      >
        {t('console.staff.add')}
      </Button>
      <QueryTable<StaffUser>
        query={q}
        rowKey="id"
        columns={[
          { title: t('console.login.username'), dataIndex: 'username' },
          { title: t('console.col.name'), dataIndex: 'name' },
          { title: t('console.staff.role'), dataIndex: 'role', render: (r: string) => t(`console.role.${r}`) },
          {
            title: t('console.col.branch'),
            key: 'scope',
            render: (_, r) =>
              r.role === 'school' ? (r.schools ?? []).join('、') : r.branchName ? pick(r.branchName) : r.branch,
          },
          {
            title: 'TOTP',
            dataIndex: 'totp',
            render: (v: boolean) => (v ? <Tag color="green">{t('console.yes')}</Tag> : <Tag>{t('console.no')}</Tag>),
          },
          {
            title: t('console.staff.active'),
            dataIndex: 'active',
            render: (v: boolean) => (v ? t('console.yes') : t('console.no')),
          },
          {
            title: t('console.staff.lock'),
            key: 'lock',
            render: (_, r) =>
              r.lockedUntil ? (
                <Tag color="red">{t('console.staff.lockedUntil', { time: when(r.lockedUntil) })}</Tag>
              ) : r.loginFailures ? (
                <Tag color="orange">{t('console.staff.failures', { n: r.loginFailures })}</Tag>
              ) : null,
          },
          { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
          {
            title: t('console.col.actions'),
            render: (_, r) => (
              <Space>
                <Button
                  onClick={() => {
                    form.setFieldsValue({ ...r, password: undefined, schools: r.schools ?? undefined });
                    setEditing(r);
                  }}
                >
                  {t('console.edit')}
                </Button>
                {(r.lockedUntil || r.loginFailures > 0) && (
                  <Popconfirm
                    title={t('console.staff.unlockConfirm', { name: r.name })}
                    onConfirm={() => unlock.mutateAsync(r)}
                  >
                    <Button size="small">{t('console.staff.unlock')}</Button>
                  </Popconfirm>
                )}
                {r.totp && (
                  <Popconfirm
                    title={t('console.staff.totpResetConfirm', { name: r.name })}
                    onConfirm={() => reset.mutateAsync(r)}
                  >
                    <Button size="small" danger>
                      {t('console.staff.totpReset')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing?.id ? t('console.edit') : t('console.staff.add')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        forceRender
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ role: 'reviewer', active: true }}
          onFinish={(v) => save.mutate(v)}
        >
          <Form.Item
            name="username"
            label={t('console.login.username')}
            rules={[{ required: true, message: t('msg.console.usernameRequired') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="name" label={t('console.col.name')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="role" label={t('console.staff.role')}>
            <Select options={STAFF_ROLES.map((r) => ({ value: r, label: t(`console.role.${r}`) }))} />
          </Form.Item>
          {role === 'branch' && (
            <Form.Item
              name="branch"
              label={t('console.col.branch')}
              rules={[{ required: true, message: t('msg.console.branchRequired') }]}
            >
              <Input />
            </Form.Item>
          )}
          {role === 'school' && (
            <Form.Item
              name="schools"
              label={t('console.staff.schools')}
              extra={t('console.staff.schoolsHint')}
              rules={[{ required: true, message: t('msg.console.schoolsRequired') }]}
            >
              <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} placeholder="10001" />
            </Form.Item>
          )}
          <Form.Item
            name="password"
            label={t('console.login.password')}
            rules={[{ required: !editing?.id, min: 8, message: t('msg.console.passwordWeak') }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="active" label={t('console.staff.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
