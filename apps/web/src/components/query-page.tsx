import type { ReactNode } from 'react';
import { Card } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryState } from './query-state.tsx';

/**
 * A page about what one query reads (an order, mostly): a card with the page's title, with what
 * stands before it (a breadcrumb) or under it (notes), the query's loading or error state, then
 * `children` with the answer once it is read.
 */
export function QueryPage<T>(props: {
  title: ReactNode;
  before?: ReactNode;
  notes?: ReactNode;
  query: Pick<UseQueryResult<T>, 'data' | 'isLoading' | 'error' | 'refetch'>;
  children: (data: T) => ReactNode;
}) {
  const q = props.query;
  return (
    <Card>
      {props.before}
      <h1 style={{ fontSize: 22 }}>{props.title}</h1>
      {props.notes}
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {q.data ? props.children(q.data) : null}
      </QueryState>
    </Card>
  );
}
