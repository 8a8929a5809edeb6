import { useState } from 'react';
import { Button, Descriptions, Form, Input, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { maskMobile } from '@portal/contract/validation';
import { QueryState } from '../../../components/query-state.tsx';
import { announceSessionChange, setSession } from '../../../lib/session.ts';
import { MEMBER_INFO_KEY } from '../../../lib/member-info.ts';
import { updateName, useMemberInfo } from '../api.ts';
import { AccountCard } from '../components/account-card.tsx';
import { nameRules } from '../../../components/form-rules.ts';

/** Change name (updateMemberInfo). */
export default function PersonalInfPage() {
  const { t } = useTranslation();
  const q = useMemberInfo();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const submit = async (v: { name: string }) => {
    setBusy(true);
    try {
      const env = await updateName(v.name.trim());
      void message.success(env.msg || t('msg.ok.modified'), 1);
      setSession('name', v.name.trim());
      announceSessionChange();
      await qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY });
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };
  return (
    <AccountCard title={t('account.nameTitle')}>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {q.data && (
          <>
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('account.currentMobile')}>
                {maskMobile(q.data.mobile) || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('account.currentMail')}>{q.data.mail || '—'}</Descriptions.Item>
            </Descriptions>
            <Form
              layout="vertical"
              initialValues={{ name: q.data.name }}
              onFinish={(v) => void submit(v)}
              requiredMark={false}
            >
              <Form.Item name="name" label={t('account.name')} rules={nameRules(t)}>
                <Input maxLength={50} autoComplete="name" />
              </Form.Item>
              <Button type="primary" htmlType="submit" disabled={busy} block>
                {t('common.save')}
              </Button>
            </Form>
          </>
        )}
      </QueryState>
    </AccountCard>
  );
}
