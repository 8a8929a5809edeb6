import { useEffect, useState } from 'react';
import { AutoComplete, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchoolSuggestion } from '@portal/contract/orders';
import { searchSchools } from '../api.ts';

/** School by name or code, confirmed only by choosing a suggestion (signed POST /api/order/schoolList). */
export function SchoolPicker(props: {
  value?: string;
  onChange?: (text: string) => void;
  onPick: (s: SchoolSuggestion | null) => void;
  disabled?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value ?? '');
  const [list, setList] = useState<SchoolSuggestion[]>([]);
  useEffect(() => setText(props.value ?? ''), [props.value]);
  useEffect(() => {
    if (!text.trim()) return setList([]);
    const h = setTimeout(() => {
      searchSchools(text)
        .then(setList)
        .catch(() => setList([]));
    }, 250);
    return () => clearTimeout(h);
  }, [text]);
  return (
    <AutoComplete
      id={props.id}
      value={text}
      disabled={props.disabled}
      placeholder={t('orders.school.placeholder')}
      aria-label={t('orders.school.label')}
      options={list.map((s) => ({
        value: s.yxdm,
        label: (
          <span>
            {s.schoolname} ({s.yxdm}) {s.testPoint === 1 && <Tag color="blue">{t('orders.school.pilot')}</Tag>}
          </span>
        ),
      }))}
      onSearch={(v) => {
        setText(v);
        props.onChange?.(v);
        props.onPick(null);
      }}
      onSelect={(yxdm: string) => {
        const s = list.find((x) => x.yxdm === yxdm) ?? null;
        const name = s?.schoolname ?? '';
        setText(name);
        props.onChange?.(name);
        props.onPick(s);
      }}
    />
  );
}
