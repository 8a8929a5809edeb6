import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Form, Input, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address } from '@portal/contract/addresses';
import { useTranslation } from 'react-i18next';
import { nameField, phoneField, phoneOrLandlineField } from '@portal/contract/validation';
import { shippingFormSchema, type ShippingForm as ShippingValues } from '@portal/contract/orders';
import { apiGet, apiPost } from '../../lib/api/client.ts';
import { pick } from '../../lib/i18n.ts';
import { zodRule } from './zod-rule.ts';
import { ADDRESSES_KEY, AddressBook, saveAddress, useAddresses } from './address-book.tsx';

export type { ShippingValues };
/** Stored shipping of an order: the answer's fields may be null. */
export type ShippingInitial = { [K in keyof ShippingValues]?: ShippingValues[K] | null };
interface Area {
  id: string;
  name: string;
  nameEn?: string;
}
const AREA_ROOT = '100000';
type FormValues = ShippingValues & { saveToBook?: boolean; asDefault?: boolean };

/** The shipping fields of a saved address. */
const fromAddress = ({ id: _id, isDefault: _d, ...a }: Address): ShippingValues => a;

const useCarriers = () =>
  useQuery({
    queryKey: ['baseInfo', 'carriers'],
    queryFn: () => apiGet('/api/baseInfo/getLogisticsInfo'),
  });
const useAreas = (upid: string | null) =>
  useQuery({
    queryKey: ['baseInfo', 'area', upid],
    queryFn: () => apiPost('/api/baseInfo/selectArea', { query: { upid: upid ?? AREA_ROOT } }),
    enabled: upid !== null,
    staleTime: Infinity,
  });

export interface ShippingFormProps {
  /** Stored shipping of the order (names); empty for a new one. */
  initial?: ShippingInitial | null;
  /** The modify-logistics screen also accepts a landline (document 2, section 5). */
  allowLandline?: boolean;
  /** Called with valid values; the caller saves them (updateShipping) and moves on. */
  onSubmit: (values: ShippingValues) => Promise<void> | void;
  submitText?: ReactNode;
  /** Extra buttons beside submit (previous, cancel). */
  extra?: ReactNode;
  disabled?: boolean;
}

/**
 * The delivery form shared by the individual, centralised and reprint flows: courier
 * (auto-selected when only one), receiver name and phone, province / city / district
 * from selectArea (root 100000), a street address that blocks the space key, and every
 * message of document 2, section 5.
 */
export function ShippingForm({ initial, allowLandline, onSubmit, submitText, extra, disabled }: ShippingFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const qc = useQueryClient();
  const addresses = useAddresses();
  /** The saved address being edited through this form (saving updates it instead of adding one). */
  const [editingId, setEditingId] = useState<number | null>(null);
  const prefilled = useRef(false);
  const saveToBook = Form.useWatch('saveToBook', form);
  const carriers = useCarriers();
  const [provinceId, setProvinceId] = useState<string | null>(null);
  const [cityId, setCityId] = useState<string | null>(null);
  const provinces = useAreas(AREA_ROOT);
  const cities = useAreas(provinceId);
  const districts = useAreas(cityId);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (initial)
      form.setFieldsValue(
        Object.fromEntries(
          Object.entries(initial).filter(([, v]) => v !== null && v !== undefined),
        ) as Partial<ShippingValues>,
      );
  }, [initial, form]);
  // An order without an address yet starts from the member's default address.
  useEffect(() => {
    const def = addresses.data?.find((a) => a.isDefault);
    if (prefilled.current || !def || disabled || initial?.shippingReceiveName || initial?.shippingAddress) return;
    prefilled.current = true;
    form.setFieldsValue(fromAddress(def));
  }, [addresses.data, initial, disabled, form]);
  // Carrier auto-selected when there is only one.
  useEffect(() => {
    if (carriers.data?.length === 1 && !form.getFieldValue('shippingType'))
      form.setFieldValue('shippingType', carriers.data[0].id);
  }, [carriers.data, form]);
  // Restore the ids behind stored names so the pickers below can load.
  const province = Form.useWatch('shippingProvinceName', form);
  const city = Form.useWatch('shippingCityName', form);
  useEffect(() => {
    const p = provinces.data?.find((a) => a.name === province);
    setProvinceId(p ? p.id : null);
  }, [province, provinces.data]);
  useEffect(() => {
    const c = cities.data?.find((a) => a.name === city);
    setCityId(c ? c.id : null);
  }, [city, cities.data]);

  const s = shippingFormSchema.shape;
  const submit = async ({ saveToBook: keep, asDefault, ...v }: FormValues) => {
    setBusy(true);
    try {
      const values = { ...v, shippingAddress: v.shippingAddress.trim() };
      if (keep) {
        await saveAddress({ ...values, id: editingId ?? undefined, isDefault: asDefault || undefined });
        await qc.invalidateQueries({ queryKey: ADDRESSES_KEY });
      }
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AddressBook
        disabled={disabled}
        onPick={(a) => {
          setEditingId(null);
          form.setFieldsValue({ ...fromAddress(a), saveToBook: false });
        }}
        onEdit={(a) => {
          setEditingId(a.id);
          form.setFieldsValue({ ...fromAddress(a), saveToBook: true, asDefault: a.isDefault });
        }}
      />
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 14 }}
        onFinish={submit}
        disabled={disabled}
        aria-label={t('orders.info.shipping')}
      >
        <Form.Item name="shippingType" label={t('shipping.carrier')} rules={[zodRule(s.shippingType)]}>
          <Select
            options={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            loading={carriers.isLoading}
            aria-label={t('shipping.carrier')}
          />
        </Form.Item>
        <Form.Item name="shippingReceiveName" label={t('shipping.receiveName')} rules={[zodRule(nameField)]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="shippingReceiveMobile"
          label={t('shipping.receiveMobile')}
          rules={[zodRule(allowLandline ? phoneOrLandlineField : phoneField)]}
        >
          <Input maxLength={20} />
        </Form.Item>
        {/* A new province or city empties the levels below it. */}
        <AreaField
          name="shippingProvinceName"
          label={t('shipping.province')}
          areas={provinces.data}
          onChange={() => form.setFieldsValue({ shippingCityName: undefined, shippingDistrictName: undefined })}
        />
        <AreaField
          name="shippingCityName"
          label={t('shipping.city')}
          areas={cities.data}
          onChange={() => form.setFieldsValue({ shippingDistrictName: undefined })}
        />
        <AreaField name="shippingDistrictName" label={t('shipping.district')} areas={districts.data} />
        <Form.Item name="shippingAddress" label={t('shipping.address')} rules={[zodRule(s.shippingAddress)]}>
          <Input
            maxLength={200}
            onKeyDown={(e) => {
              if (e.key === ' ') e.preventDefault();
            }}
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }} style={{ marginBottom: 8 }}>
          <Space>
            <Form.Item name="saveToBook" valuePropName="checked" noStyle>
              <Checkbox>{t(editingId ? 'address.updateInBook' : 'address.saveToBook')}</Checkbox>
            </Form.Item>
            {saveToBook && (
              <Form.Item name="asDefault" valuePropName="checked" noStyle>
                <Checkbox>{t('address.asDefault')}</Checkbox>
              </Form.Item>
            )}
          </Space>
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Space>
            {extra}
            <Button type="primary" htmlType="submit" loading={busy}>
              {submitText ?? t('shipping.save')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}

/** A searchable province, city or district, checked by the contract's rule for that field. */
function AreaField(props: {
  name: 'shippingProvinceName' | 'shippingCityName' | 'shippingDistrictName';
  label: string;
  areas?: Area[];
  onChange?: () => void;
}) {
  // The stored value is the Chinese name (what the carrier reads); English pages show the English name.
  const options = (props.areas ?? []).map((a) => ({
    value: a.name,
    label: pick({ zh: a.name, en: a.nameEn ?? a.name }),
  }));
  return (
    <Form.Item name={props.name} label={props.label} rules={[zodRule(shippingFormSchema.shape[props.name])]}>
      <Select
        showSearch
        optionFilterProp="label"
        options={options}
        aria-label={props.label}
        onChange={props.onChange}
      />
    </Form.Item>
  );
}
