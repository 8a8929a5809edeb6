import type { ReactNode } from 'react';
import { Button, DatePicker, Form, Input, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs, Dayjs];

/** A date range field's value as the API's `from`/`to` days (both absent when the field is empty). */
export const rangeDates = (range?: DateRange) => ({
  from: range?.[0].format('YYYY-MM-DD'),
  to: range?.[1].format('YYYY-MM-DD'),
});

/** Form values with a `range` field as the API's filters: the range becomes `from` and `to`. */
export function withDates<V extends { range?: DateRange }>({ range, ...rest }: V) {
  return { ...rest, ...rangeDates(range) };
}

/**
 * The inline form above a console list: its fields, then the search button (or the page's own
 * buttons), wrapping onto more lines on a narrow screen.
 */
export function SearchForm<V>(props: {
  onFinish: (values: V) => void;
  form?: FormInstance<V>;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form<V> form={props.form} layout="inline" onFinish={props.onFinish} style={{ marginBottom: 16, rowGap: 8 }}>
      {props.children}
      {props.actions ?? (
        <Button type="primary" htmlType="submit">
          {t('console.search')}
        </Button>
      )}
    </Form>
  );
}

/** A free-text filter that can be cleared. */
export function TextFilter({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear />
    </Form.Item>
  );
}

/** The date range filter, named `range` (see `withDates`). */
export function DateRangeFilter() {
  const { t } = useTranslation();
  return (
    <Form.Item name="range" label={t('console.col.date')}>
      <DatePicker.RangePicker />
    </Form.Item>
  );
}
