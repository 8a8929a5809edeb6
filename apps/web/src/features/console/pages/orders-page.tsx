import { Form, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_KINDS, type OrderRow } from '@portal/contract/console';
import { ORDER_STATE, ORDER_STATE_TEXT } from '@portal/contract/order-states';
import { pick } from '../../../lib/i18n.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { searchOrders, type OrderSearch } from '../api.ts';
import { KindText, StateTag, when } from '../ui.tsx';
import { yuanLabel } from '@portal/contract/prices';
import { DateRangeFilter, SearchForm, TextFilter, withDates, type DateRange } from '../search-form.tsx';
import { PAGE_SIZE, serverPages, usePagedSearch } from '../paged-search.ts';

interface Filters {
  orderNo?: string;
  name?: string;
  mobile?: string;
  idNumber?: string;
  school?: string;
  state?: number;
  kind?: OrderSearch['kind'];
  range?: DateRange;
}

/** One search over all order kinds. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { q, page, setPage, search } = usePagedSearch('orders', (filters: OrderSearch, page) =>
    searchOrders({ ...filters, page, size: PAGE_SIZE }),
  );
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.orders')}</Typography.Title>
      <SearchForm onFinish={(v: Filters) => search(withDates(v))}>
        <TextFilter name="orderNo" label={t('console.col.orderNo')} />
        <TextFilter name="name" label={t('console.col.name')} />
        <TextFilter name="mobile" label={t('console.col.mobile')} />
        <TextFilter name="idNumber" label={t('console.col.idNumber')} />
        <TextFilter name="school" label={t('console.col.school')} />
        <Form.Item name="state" label={t('console.col.state')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={Object.values(ORDER_STATE).map((s) => ({ value: s, label: pick(ORDER_STATE_TEXT[s]) }))}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('console.col.kind')}>
          <Select
            allowClear
            style={{ width: 130 }}
            options={ORDER_KINDS.map((k) => ({ value: k, label: t(`console.kind.${k}`) }))}
          />
        </Form.Item>
        <DateRangeFilter />
      </SearchForm>
      <QueryState loading={q.isLoading} error={q.error} empty={q.data?.total === 0} onRetry={() => void q.refetch()}>
        <OrderTable rows={q.data?.rows ?? []} total={q.data?.total ?? 0} page={page} onPage={setPage} />
      </QueryState>
    </section>
  );
}

export function OrderTable(props: {
  rows: OrderRow[];
  total?: number;
  page?: number;
  onPage?: (p: number) => void;
  selection?: { keys: number[]; onChange: (k: number[]) => void };
}) {
  const { t } = useTranslation();
  return (
    <Table<OrderRow>
      rowKey="id"
      size="small"
      dataSource={props.rows}
      rowSelection={
        props.selection && {
          selectedRowKeys: props.selection.keys,
          onChange: (k) => props.selection!.onChange(k as number[]),
        }
      }
      pagination={serverPages(props.onPage, props.page, props.total)}
      columns={[
        {
          title: t('console.col.orderNo'),
          dataIndex: 'orderNo',
          render: (no: string, r) => <Link to={`/orders/${r.id}`}>{no}</Link>,
        },
        { title: t('console.col.kind'), dataIndex: 'kind', render: (k: string) => <KindText kind={k} /> },
        { title: t('console.col.state'), dataIndex: 'state', render: (s: number) => <StateTag state={s} /> },
        { title: t('console.col.name'), dataIndex: 'names' },
        { title: t('console.col.school'), dataIndex: 'schoolName' },
        { title: t('console.col.mobile'), dataIndex: 'mobile' },
        {
          title: t('console.col.branch'),
          dataIndex: 'fy',
          // The branch's name where the collection centres know it, else its code.
          render: (fy: string | null, r) => (r.fyName ? pick(r.fyName) : (fy ?? '')),
        },
        { title: t('console.col.amount'), dataIndex: 'totalFen', render: yuanLabel },
        {
          title: t('console.col.waybill'),
          dataIndex: 'shippingOrderNo',
          render: (w: string | null, r) => (w ? `${r.shippingTypeName ?? ''} ${w}` : '—'),
        },
        { title: t('console.col.created'), dataIndex: 'createdAt', render: when },
      ]}
    />
  );
}
