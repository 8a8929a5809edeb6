import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, DotLoading, Input, Selector } from 'antd-mobile';
import type { Address } from '@portal/contract/addresses';
import { AREA_ROOT } from '@portal/contract/catalog';
import { shippingFormSchema, type ShippingForm } from '@portal/contract/orders';
import { phoneField } from '@portal/contract/validation';
import { pick } from '../../../lib/i18n-core.ts';
import { FormRow } from './form-row.tsx';
import { newOrderKeys, saveAddress, updateShipping, useAddresses, useAreas, useCarriers, useOrder } from './api.ts';
import { fieldErrors } from './field-errors.ts';

type Values = { [K in keyof ShippingForm]?: ShippingForm[K] | null };
type Errors = Partial<Record<keyof ShippingForm, string>>;
/** The order's delivery takes a mobile (a landline only on the modify-logistics screen), as on the desktop. */
const schema = shippingFormSchema.extend({ shippingReceiveMobile: phoneField });

const fromAddress = ({ id: _id, isDefault: _d, ...a }: Address): Values => a;
const addressLine = (a: Values) =>
  `${a.shippingReceiveName} ${a.shippingReceiveMobile} ${a.shippingProvinceName} ${a.shippingCityName} ${a.shippingDistrictName} ${a.shippingAddress}`;

/**
 * Delivery: from the member's address book (the default first) or typed, with the desktop's rules
 * and messages; a new address can be kept in the book. Saved on the order, then the confirmation.
 */
export function ShippingStep({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const order = useOrder(orderId);
  const book = useAddresses();
  const carriers = useCarriers();
  const [v, setV] = useState<Values>({});
  const [errors, setErrors] = useState<Errors>({});
  const [chosen, setChosen] = useState<number | null>(null);
  const [keep, setKeep] = useState(false);
  const [asDefault, setAsDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  // The order's stored delivery, else the member's default address.
  useEffect(() => {
    if (started.current || !order.data || !book.data) return;
    started.current = true;
    const s = order.data.shippingInfo;
    if (s?.shippingReceiveName || s?.shippingAddress) return setV(s);
    const def = book.data.find((a) => a.isDefault) ?? book.data[0];
    if (def) {
      setV(fromAddress(def));
      setChosen(def.id);
    }
  }, [order.data, book.data]);
  useEffect(() => {
    if (carriers.data?.length === 1 && !v.shippingType) setV((o) => ({ ...o, shippingType: carriers.data?.[0].id }));
  }, [carriers.data, v.shippingType]);

  const provinces = useAreas(AREA_ROOT);
  const provinceId = provinces.data?.find((a) => a.name === v.shippingProvinceName)?.id ?? null;
  const cities = useAreas(provinceId);
  const cityId = cities.data?.find((a) => a.name === v.shippingCityName)?.id ?? null;
  const districts = useAreas(cityId);

  const set = (patch: Values) => {
    setV((o) => ({ ...o, ...patch }));
    setChosen(null);
    setErrors((e) => {
      const n = { ...e };
      for (const k of Object.keys(patch)) delete n[k as keyof Errors];
      return n;
    });
  };

  if (order.isPending || book.isPending)
    return (
      <div className="phone-loading">
        <DotLoading color="primary" />
      </div>
    );

  const submit = async () => {
    const r = schema.safeParse({ ...v, shippingAddress: v.shippingAddress?.trim() });
    if (!r.success) {
      const found: Errors = fieldErrors(r.error.issues, t);
      setErrors(found);
      document.getElementById(`ship-${Object.keys(found)[0]}`)?.scrollIntoView({ block: 'center' });
      return;
    }
    setBusy(true);
    try {
      if (keep && chosen === null) {
        await saveAddress({ ...r.data, isDefault: asDefault || undefined });
        await qc.invalidateQueries({ queryKey: newOrderKeys.addresses });
      }
      await updateShipping(orderId, r.data);
      await qc.invalidateQueries({ queryKey: newOrderKeys.order(orderId) });
      onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const area = (
    k: 'shippingProvinceName' | 'shippingCityName' | 'shippingDistrictName',
    label: string,
    list: { name: string; nameEn?: string }[] | undefined,
    below: Values,
  ) => (
    <FormRow prefix="ship" k={k} label={label} error={errors[k]}>
      <select
        id={`ship-${k}`}
        className="new-order-select"
        value={v[k] ?? ''}
        aria-invalid={!!errors[k]}
        onChange={(e) => set({ [k]: e.target.value || null, ...below })}
      >
        <option value="">{t('phone.new.choose')}</option>
        {/* A stored name not (yet) in the list stays shown. */}
        {v[k] && !list?.some((a) => a.name === v[k]) && <option value={v[k] ?? ''}>{v[k]}</option>}
        {(list ?? []).map((a) => (
          <option key={a.name} value={a.name}>
            {pick({ zh: a.name, en: a.nameEn ?? a.name })}
          </option>
        ))}
      </select>
    </FormRow>
  );
  const text = (k: 'shippingReceiveName' | 'shippingReceiveMobile' | 'shippingAddress', label: string, max: number) => (
    <FormRow prefix="ship" k={k} label={label} error={errors[k]}>
      <Input
        id={`ship-${k}`}
        type={k === 'shippingReceiveMobile' ? 'tel' : 'text'}
        maxLength={max}
        value={v[k] ?? ''}
        aria-invalid={!!errors[k]}
        onChange={(x) => set({ [k]: k === 'shippingAddress' ? x.replace(/\s/g, '') : x })}
      />
    </FormRow>
  );

  const rows = book.data ?? [];
  return (
    <section className="phone-card new-order-form" aria-labelledby="ship-h">
      <h2 id="ship-h" className="phone-section-title" style={{ marginTop: 0 }}>
        {t('orders.info.shipping')}
      </h2>
      {rows.length > 0 && (
        <fieldset style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
          <legend className="phone-form-label">{t('phone.new.book')}</legend>
          {rows.map((a) => (
            <button
              type="button"
              key={a.id}
              className="new-order-choice"
              aria-pressed={chosen === a.id}
              data-testid={`address-${a.id}`}
              onClick={() => {
                setV(fromAddress(a));
                setErrors({});
                setChosen(a.id);
              }}
            >
              {a.isDefault && <span className="phone-state">{t('address.default')}</span>} {addressLine(a)}
            </button>
          ))}
        </fieldset>
      )}
      <FormRow prefix="ship" k="shippingType" label={t('shipping.carrier')} error={errors.shippingType} group>
        <Selector
          columns={2}
          options={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={v.shippingType ? [v.shippingType] : []}
          onChange={(arr) => set({ shippingType: arr[0] ?? null })}
        />
      </FormRow>
      {text('shippingReceiveName', t('shipping.receiveName'), 30)}
      {text('shippingReceiveMobile', t('shipping.receiveMobile'), 20)}
      {area('shippingProvinceName', t('shipping.province'), provinces.data, {
        shippingCityName: null,
        shippingDistrictName: null,
      })}
      {area('shippingCityName', t('shipping.city'), cities.data, { shippingDistrictName: null })}
      {area('shippingDistrictName', t('shipping.district'), districts.data, {})}
      {text('shippingAddress', t('shipping.address'), 200)}
      {chosen === null && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 10, marginTop: 12 }}>
          <Checkbox checked={keep} onChange={setKeep}>
            {t('address.saveToBook')}
          </Checkbox>
          {keep && (
            <Checkbox checked={asDefault} onChange={setAsDefault}>
              {t('address.asDefault')}
            </Checkbox>
          )}
        </div>
      )}
      <div className="new-order-footer">
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()}>
          {t('orders.info.next')}
        </Button>
      </div>
    </section>
  );
}
