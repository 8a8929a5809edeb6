import { useState } from 'react';
import { Button, Form, Input, Modal, Space, Table, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrderRow, Person, StaffAction, TransitionBody } from '@portal/contract/console';
import { waybillProblem } from '@portal/contract/waybill';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchPackingList, searchOrders, transition } from '../api.ts';
import { PRODUCTION_QUEUES } from '../access.ts';
import { OrderTable } from './orders-page.tsx';
import { BulkShipPanel } from './bulk-ship-panel.tsx';

const TABS = PRODUCTION_QUEUES;

/** Production and shipping: batch actions over selected orders, a printable packing list. */
export default function ShippingPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>(TABS[0]);
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.shipping')}</Typography.Title>
      <div style={{ marginBottom: 12 }}>
        <BulkShipPanel />
      </div>
      <Tabs
        activeKey={String(tab.state)}
        onChange={(k) => setTab(TABS.find((x) => String(x.state) === k)!)}
        items={TABS.map((x) => ({ key: String(x.state), label: t(`console.ship.tab.${x.action}`) }))}
      />
      <StateQueue key={tab.state} state={tab.state} action={tab.action} />
    </section>
  );
}

function StateQueue({ state, action }: { state: number; action: StaffAction }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [keys, setKeys] = useState<number[]>([]);
  const [shipOpen, setShipOpen] = useState(false);
  const [packing, setPacking] = useState<{ order: OrderRow; persons: Person[] }[] | null>(null);
  const q = useQuery({
    queryKey: ['console', 'orders', 'state', state],
    queryFn: () => searchOrders({ state, size: 200 }),
  });
  const act = useMutation({
    mutationFn: (body: Pick<TransitionBody, 'carrier' | 'waybillNos'>) => transition({ ids: keys, action, ...body }),
    onSettled: () => {
      setKeys([]);
      setShipOpen(false);
      void qc.invalidateQueries({ queryKey: ['console'] });
    },
  });
  const rows = q.data?.rows ?? [];
  const selected = rows.filter((r) => keys.includes(r.id));
  const printList = async () => setPacking(await fetchPackingList(keys));
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          disabled={!keys.length}
          loading={act.isPending}
          onClick={() => (action === 'ship' ? setShipOpen(true) : act.mutate({}))}
        >
          {t(`console.ship.action.${action}`)} ({keys.length})
        </Button>
        <Button disabled={!keys.length} onClick={() => void printList()}>
          {t('console.ship.packingList')}
        </Button>
      </Space>
      <QueryState loading={q.isLoading} error={q.error} empty={!rows.length} onRetry={() => void q.refetch()}>
        <OrderTable rows={rows} selection={{ keys, onChange: setKeys }} />
      </QueryState>
      <Modal
        open={shipOpen}
        title={t('console.ship.action.ship')}
        footer={null}
        onCancel={() => setShipOpen(false)}
        destroyOnHidden
      >
        <Form
          layout="vertical"
          initialValues={{ carrier: selected[0]?.shippingTypeName ?? '' }}
          onFinish={(v: { carrier: string } & Record<string, string>) =>
            act.mutate({ carrier: v.carrier, waybillNos: keys.map((id) => v[`w${id}`]) })
          }
        >
          <Form.Item
            name="carrier"
            label={t('console.ship.carrier')}
            rules={[{ required: true, message: t('msg.console.waybillRequired') }]}
          >
            <Input />
          </Form.Item>
          {selected.map((r) => (
            <Form.Item
              key={r.id}
              name={`w${r.id}`}
              label={`${t('console.ship.waybill')} · ${r.orderNo} · ${r.names}`}
              dependencies={['carrier']}
              rules={[
                { required: true, message: t('msg.console.waybillRequired') },
                ({ getFieldValue }) => ({
                  // The carrier's format, the same rule the server enforces (contract waybill.ts).
                  validator: (_, v: string | undefined) => {
                    const carrier = (getFieldValue('carrier') as string | undefined) ?? '';
                    const rule = v ? waybillProblem(carrier, v) : null;
                    return rule
                      ? Promise.reject(
                          new Error(
                            t('msg.console.waybillFormat')
                              .replace('{carrier}', carrier || '—')
                              .replace('{formatZh}', rule.format.zh)
                              .replace('{formatEn}', rule.format.en),
                          ),
                        )
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <Input />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={act.isPending}>
            {t('console.ship.confirm')}
          </Button>
        </Form>
      </Modal>
      <Modal
        open={!!packing}
        width={900}
        title={t('console.ship.packingList')}
        onCancel={() => setPacking(null)}
        okText={t('console.ship.print')}
        onOk={() => window.print()}
      >
        <div className="packing-list">
          <style>
            {
              '@media print { body * { visibility: hidden; } .packing-list, .packing-list * { visibility: visible; } .packing-list { position: absolute; left: 0; top: 0; width: 100%; } }'
            }
          </style>
          <Typography.Title level={3}>{t('console.ship.packingList')}</Typography.Title>
          <Table
            size="small"
            rowKey={(r) => r.order.id}
            pagination={false}
            dataSource={packing ?? []}
            columns={[
              { title: t('console.col.orderNo'), render: (_, r) => r.order.orderNo },
              {
                title: t('console.col.name'),
                render: (_, r) => r.persons.map((p) => `${p.name}${p.studentId ? ` (${p.studentId})` : ''}`).join('、'),
              },
              { title: t('console.col.count'), render: (_, r) => r.persons.length },
              {
                title: t('console.col.receiver'),
                render: (_, r) => `${r.order.shippingReceiveName ?? ''} ${r.order.shippingReceiveMobile ?? ''}`,
              },
              { title: t('console.col.address'), render: (_, r) => r.order.shippingAddress },
              {
                title: t('console.col.waybill'),
                render: (_, r) => `${r.order.shippingTypeName ?? ''} ${r.order.shippingOrderNo ?? ''}`,
              },
            ]}
          />
        </div>
      </Modal>
    </>
  );
}
