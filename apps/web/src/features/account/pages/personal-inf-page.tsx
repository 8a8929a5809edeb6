import { Alert, Button, Descriptions, Form, Input, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { maskMobile } from '@portal/contract/validation';
import { QueryState } from '../../../components/query-state.tsx';
import { setSession } from '../../../lib/session.ts';
import { updateName, useMemberInfo } from '../api.ts';
import { useMemberSave } from '../components/use-member-save.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { nameRules } from '../../../components/form-rules.ts';
import { NoticePrefs } from '../../../components/notice-bell/index.ts';

/** Change name (updateMemberInfo); an e-mail not yet proven by a code is marked, with the way to prove it. */
export default function PersonalInfPage() {
  const { t } = useTranslation();
  const q = useMemberInfo();
  const { busy, save } = useMemberSave();
  const submit = (v: { name: string }) =>
    save(
      () => updateName(v.name.trim()),
      () => setSession('name', v.name.trim()),
    );
  return (
    <AuthCard title={t('account.nameTitle')}>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {q.data && (
          <>
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('account.currentMobile')}>
                {maskMobile(q.data.mobile) || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('account.currentMail')}>
                {q.data.mail || '—'}
                {q.data.mail && !q.data.mailVerified && (
                  <>
                    {' '}
                    <Tag color="orange">{t('account.mailUnverified')}</Tag>
                    <Link to="/chanEmali">{t('account.verifyMail')}</Link>
                  </>
                )}
              </Descriptions.Item>
            </Descriptions>
            {q.data.mail && !q.data.mailVerified && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('account.mailUnverifiedHint')} />
            )}
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
            <NoticePrefs />
          </>
        )}
      </QueryState>
    </AuthCard>
  );
}
