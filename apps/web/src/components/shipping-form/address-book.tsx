import type { PortalPath } from '@portal/contract/api-paths';
import { useState } from 'react';
import { Button, List, Modal, Select, Space, Tag, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Address, AddressSave } from '@portal/contract/addresses';
import { apiGet, request } from '../../lib/api/client.ts';

export const ADDRESSES_KEY = ['addresses'] as const;

/** The logged-in member's saved addresses, default first (the server answers only the caller's). */
export const useAddresses = () => useQuery({ queryKey: ADDRESSES_KEY, queryFn: () => apiGet('/api/address/list') });
export const saveAddress = (body: AddressSave) => request('POST', '/api/address/save', { body });

export const addressLine = (a: Address) =>
  `${a.shippingReceiveName} ${a.shippingReceiveMobile} ${a.shippingProvinceName} ${a.shippingCityName} ${a.shippingDistrictName} ${a.shippingAddress}`;

/** Choose a saved address into the form, or manage the book: set the default, edit (into the form), delete. */
export function AddressBook({
  onPick,
  onEdit,
  disabled,
}: {
  onPick: (a: Address) => void;
  onEdit: (a: Address) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const list = useAddresses();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | undefined>();
  const act = async (url: PortalPath<'POST'>, id: number) => {
    void message.success((await request('POST', url, { body: { id } })).msg, 1);
    await qc.invalidateQueries({ queryKey: ADDRESSES_KEY });
  };
  const rows = list.data ?? [];
  if (!rows.length) return null;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        aria-label={t('address.choose')}
        placeholder={t('address.choose')}
        style={{ minWidth: 360 }}
        disabled={disabled}
        value={chosen}
        onChange={(id: number) => {
          setChosen(id);
          const a = rows.find((r) => r.id === id);
          if (a) onPick(a);
        }}
        options={rows.map((a) => ({
          value: a.id,
          label: `${a.isDefault ? `[${t('address.default')}] ` : ''}${addressLine(a)}`,
        }))}
      />
      <Button disabled={disabled} onClick={() => setOpen(true)}>
        {t('address.manage')}
      </Button>
      <Modal open={open} title={t('address.book')} footer={null} onCancel={() => setOpen(false)} width={720}>
        <List
          dataSource={rows}
          renderItem={(a) => (
            <List.Item
              data-testid={`address-${a.id}`}
              actions={[
                !a.isDefault && (
                  <Button key="d" size="small" onClick={() => void act('/api/address/setDefault', a.id)}>
                    {t('address.setDefault')}
                  </Button>
                ),
                <Button
                  key="e"
                  size="small"
                  onClick={() => {
                    setOpen(false);
                    setChosen(a.id);
                    onEdit(a);
                  }}
                >
                  {t('address.edit')}
                </Button>,
                <Button key="x" size="small" danger onClick={() => void act('/api/address/delete', a.id)}>
                  {t('address.delete')}
                </Button>,
              ].filter(Boolean)}
            >
              {a.isDefault && <Tag color="blue">{t('address.default')}</Tag>}
              {addressLine(a)}
            </List.Item>
          )}
        />
      </Modal>
    </Space>
  );
}
