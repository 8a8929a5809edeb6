import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';

export const PAGE_SIZE = 20;

/**
 * A console search over a paged list: the filters last searched, the page shown and the query
 * for them (key `['console', name, filters, page]`). A new search starts again at page 1.
 */
export function usePagedSearch<F, R>(name: string, fetch: (filters: Partial<F>, page: number) => Promise<R>) {
  const [filters, setFilters] = useState<Partial<F>>({});
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['console', name, filters, page],
    queryFn: () => fetch(filters, page),
  });
  const search = (next: Partial<F>) => {
    setPage(1);
    setFilters(next);
  };
  return { q, page, setPage, search };
}

/** A table's page control when it is paged by the server, or none (the whole list is shown). */
export const serverPages = (
  onPage: ((p: number) => void) | undefined,
  page?: number,
  total?: number,
): TablePaginationConfig | false =>
  onPage ? { current: page, total, pageSize: PAGE_SIZE, onChange: onPage, showSizeChanger: false } : false;
