import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import type { FormInstance } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { AuthCard } from '../../../components/auth-card.tsx';

/**
 * The page that changes the member's mobile or e-mail: the current value (once `query`, the member
 * info, is read), then the form (`children`: the new value, its captcha and code) and its submit button.
 */
export function ContactChangeCard<V>(props: {
  title: string;
  intro?: string;
  currentLabel: string;
  current: string;
  query: Pick<UseQueryResult, 'isLoading' | 'error' | 'refetch'>;
  form: FormInstance<V>;
  onSubmit: (values: V) => void;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const q = props.query;
  return (
    <AuthCard title={props.title} intro={props.intro}>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        <p>
          {props.currentLabel}: <strong>{props.current || '—'}</strong>
        </p>
        <Form form={props.form} layout="vertical" onFinish={props.onSubmit} requiredMark={false}>
          {props.children}
          <Button type="primary" htmlType="submit" disabled={props.busy} block>
            {t('common.submit')}
          </Button>
        </Form>
      </QueryState>
    </AuthCard>
  );
}
