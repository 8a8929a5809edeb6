import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Switch, Table, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES, type StaffSaveBody, type StaffUser } from '@portal/contract/console';
import { QueryState } from '../../components/query-state.tsx';
import { cGet, cPost } from '../console-api.ts';
import { when } from '../ui.tsx';
import { TotpEnrolment } from '../totp-enrolment.tsx';

/** Staff management (admins): accounts, roles, branch, password, TOTP, deactivation. */
export default function StaffPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<Partial<StaffUser> | null>(null);
  const [totpUri, setTotpUri] = useState<string | null>(null);
  const [form] = Form.useForm<StaffSaveBody>();
  const q = useQuery({ queryKey: ['console', 'staff'], queryFn: () => cGet<StaffUser[]>('/api/console/staff') });
  const save = useMutation({
    mutationFn: (v: StaffSaveBody) => cPost<{ id: number; totpUri: string | null }>('/api/console/staff', { ...v, id: editing?.id, password: v.password || undefined }),
    onSuccess: (r) => {
      setEditing(null);
      setTotpUri(r.totpUri);
      void qc.invalidateQueries({ queryKey: ['console', 'staff'] });
    },
  });
  const role = Form.useWatch('role', form);
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.staff')}</Typography.Title>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => { form.resetFields(); setEditing({ role: 'reviewer', active: true }); }}>
        {t('console.staff.add')}
      </Button>
      {totpUri && <TotpEnrolment uri={totpUri} onClose={() => setTotpUri(null)} />}
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <Table<StaffUser>
          rowKey="id"
          size="small"
          dataSource={q.data}
          columns={[
            { title: t('console.login.username'), dataIndex: 'username' },
            { title: t('console.col.name'), dataIndex: 'name' },
            { title: t('console.staff.role'), dataIndex: 'role', render: (r: string) => t(`console.role.${r}`) },
            { title: t('console.col.branch'), dataIndex: 'branch' },
            { title: 'TOTP', dataIndex: 'totp', render: (v: boolean) => (v ? <Tag color="green">{t('console.yes')}</Tag> : <Tag>{t('console.no')}</Tag>) },
            { title: t('console.staff.active'), dataIndex: 'active', render: (v: boolean) => (v ? t('console.yes') : t('console.no')) },
            { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
            { title: t('console.col.actions'), render: (_, r) => <Button size="small" onClick={() => { form.setFieldsValue({ ...r, password: undefined, totp: 'keep' }); setEditing(r); }}>{t('console.edit')}</Button> },
          ]}
        />
      </QueryState>
      <Modal open={!!editing} title={editing?.id ? t('console.edit') : t('console.staff.add')} onCancel={() => setEditing(null)} onOk={() => form.submit()} confirmLoading={save.isPending} forceRender>
        <Form form={form} layout="vertical" initialValues={{ role: 'reviewer', active: true, totp: 'keep' }} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="username" label={t('console.login.username')} rules={[{ required: true, message: t('msg.console.usernameRequired') }]}><Input /></Form.Item>
          <Form.Item name="name" label={t('console.col.name')} rules={[{ required: true }]}><Input /></Form.Item>
          <Form.Item name="role" label={t('console.staff.role')}><Select options={STAFF_ROLES.map((r) => ({ value: r, label: t(`console.role.${r}`) }))} /></Form.Item>
          {role === 'branch' && (
            <Form.Item name="branch" label={t('console.col.branch')} rules={[{ required: true, message: t('msg.console.branchRequired') }]}><Input /></Form.Item>
          )}
          <Form.Item name="password" label={t('console.login.password')} rules={[{ required: !editing?.id, min: 8, message: t('msg.console.passwordWeak') }]}><Input.Password autoComplete="new-password" /></Form.Item>
          <Form.Item name="totp" label="TOTP">
            <Select options={['keep', 'enable', 'disable'].map((v) => ({ value: v, label: t(`console.staff.totp.${v}`) }))} />
          </Form.Item>
          <Form.Item name="active" label={t('console.staff.active')} valuePropName="checked"><Switch /></Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
