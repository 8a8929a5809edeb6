import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Table, Tag, Typography, Upload, message } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BulkShipResult, BulkShipRow } from '@portal/contract/bulk-shipping';
import { bulkShip } from '../exports-api.ts';
import { StateTag } from '../ui.tsx';

interface Picked {
  fileName: string;
  content: string;
}

const toBase64 = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/**
 * Shipping from the carrier's file: pick a CSV or Excel sheet of order and waybill numbers, see the
 * dry run (what would ship, every row that would not and why), confirm, and see what shipped.
 */
export function BulkShipPanel() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [carrier, setCarrier] = useState('');
  const [result, setResult] = useState<BulkShipResult | null>(null);
  const run = useMutation({
    mutationFn: (apply: boolean) => bulkShip({ ...picked!, carrier: carrier || undefined, apply }),
    onSuccess: (r) => {
      setResult(r);
      if (r.applied) {
        void message.success(t('console.bulkShip.applied', { n: r.shipped }));
        void qc.invalidateQueries({ queryKey: ['console'] });
      }
    },
  });
  const close = () => {
    setOpen(false);
    setPicked(null);
    setResult(null);
  };
  const confirm = () =>
    Modal.confirm({
      title: t('console.bulkShip.confirmTitle'),
      content: t('console.bulkShip.confirmText', { n: result?.shipped ?? 0 }),
      okText: t('console.bulkShip.apply'),
      cancelText: t('console.bulkShip.cancel'),
      onOk: () => run.mutateAsync(true),
    });
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('console.bulkShip.open')}</Button>
      <Modal open={open} width={960} title={t('console.bulkShip.title')} footer={null} onCancel={close} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('console.bulkShip.hint')}</Typography.Paragraph>
        <Form layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item label={t('console.bulkShip.file')}>
            <Upload
              accept=".csv,.xlsx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={async (file) => {
                setResult(null);
                setPicked({ fileName: file.name, content: await toBase64(file) });
                return false;
              }}
            >
              <Button>{picked?.fileName ?? t('console.bulkShip.pick')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item label={t('console.bulkShip.carrier')}>
            <Input
              value={carrier}
              onChange={(e) => setCarrier(e.target.value)}
              placeholder={t('console.bulkShip.carrierHint')}
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" disabled={!picked} loading={run.isPending} onClick={() => run.mutate(false)}>
              {t('console.bulkShip.dryRun')}
            </Button>
          </Form.Item>
        </Form>
        {result && (
          <>
            <Alert
              type={result.applied ? 'success' : 'info'}
              showIcon
              style={{ marginBottom: 12 }}
              message={t(result.applied ? 'console.bulkShip.doneSummary' : 'console.bulkShip.drySummary', {
                ok: result.shipped,
                refused: result.refused,
              })}
            />
            <Table<BulkShipRow>
              size="small"
              rowKey="row"
              aria-label={t('console.bulkShip.title')}
              pagination={{ pageSize: 50 }}
              dataSource={result.rows}
              columns={[
                { title: t('console.bulkShip.row'), dataIndex: 'row' },
                { title: t('console.col.orderNo'), dataIndex: 'orderNo' },
                { title: t('console.ship.waybill'), dataIndex: 'waybillNo' },
                { title: t('console.ship.carrier'), dataIndex: 'carrier' },
                {
                  title: t('console.bulkShip.state'),
                  dataIndex: 'state',
                  render: (s: number | null) => (s === null ? '—' : <StateTag state={s} />),
                },
                {
                  title: t('console.bulkShip.outcome'),
                  render: (_, r) =>
                    r.ok ? (
                      <Tag color="green">
                        {t(result.applied ? 'console.bulkShip.shipped' : 'console.bulkShip.willShip')}
                      </Tag>
                    ) : (
                      <Typography.Text type="danger">{t(`msg.${r.reason}`)}</Typography.Text>
                    ),
                },
              ]}
            />
            {!result.applied && (
              <Space style={{ marginTop: 12 }}>
                <Button type="primary" danger disabled={!result.shipped} loading={run.isPending} onClick={confirm}>
                  {t('console.bulkShip.applyN', { n: result.shipped })}
                </Button>
              </Space>
            )}
          </>
        )}
      </Modal>
    </>
  );
}
