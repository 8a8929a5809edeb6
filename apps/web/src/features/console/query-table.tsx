import { Table, type TableProps } from 'antd';
import { QueryState } from '../../components/query-state.tsx';

/** What QueryTable reads of a react-query result. */
interface ListQuery<T> {
  data?: T[];
  isLoading: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A list the console loads with one query: its loading, error and empty states, then its rows
 * in a small table.
 */
export function QueryTable<T extends object>({ query, ...table }: { query: ListQuery<T> } & TableProps<T>) {
  return (
    <QueryState
      loading={query.isLoading}
      error={query.error}
      empty={!query.data?.length}
      onRetry={() => void query.refetch()}
    >
      <Table<T> size="small" dataSource={query.data} {...table} />
    </QueryState>
  );
}
