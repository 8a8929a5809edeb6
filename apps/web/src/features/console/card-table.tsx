import type { ReactNode } from 'react';
import { Card, Table, type TableProps } from 'antd';

/** A short titled list on a detail page or the dashboard: a small table in a card, every row shown. */
export function CardTable<T extends object>({ title, ...table }: { title: ReactNode } & Omit<TableProps<T>, 'title'>) {
  return (
    <Card title={title}>
      <Table<T> size="small" pagination={false} {...table} />
    </Card>
  );
}
