import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TaskOrder, TaskOrderWithDetails } from '@portal/contract/task';
import { QueryState } from '../../../components/query-state.tsx';
import { orderIdFrom, useTaskOrder } from '../api.ts';
import { useLoginGate } from './login-gate.tsx';

/** The task order named by the address (orderId or id), read once the member is logged in. */
export function useGatedTaskOrder() {
  const [search] = useSearchParams();
  const id = orderIdFrom(search);
  const gate = useLoginGate();
  const q = useTaskOrder(gate.loggedIn ? id : 0);
  return { search, id, gate, q };
}

/**
 * The body of a task order page: a visitor sees the login button (and its dialog), a member the
 * order's loading or error state, then `children` stacked with the order and its lines.
 */
export function GatedTaskOrder(props: {
  order: ReturnType<typeof useGatedTaskOrder>;
  children: (order: TaskOrder, data: TaskOrderWithDetails) => ReactNode;
}) {
  const { t } = useTranslation();
  const { gate, q } = props.order;
  const o = q.data?.order;
  return (
    <>
      {!gate.loggedIn ? (
        <Button onClick={() => gate.ensure()}>{t('layout.loginRegister')}</Button>
      ) : (
        <QueryState loading={q.isLoading} error={q.error} empty={!o} onRetry={() => void q.refetch()}>
          {o && q.data && (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              {props.children(o, q.data)}
            </Space>
          )}
        </QueryState>
      )}
      {gate.dialog}
    </>
  );
}
