import { useEffect, useState } from 'react';
import { Alert, Button, Form, InputNumber, Radio, Space, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { REPRINT_MAX_QTY, REPRINT_MIN_QTY, fenToYuan, reprintTotalFen } from '@portal/contract/prices';
import { QueryPage } from '../../../components/query-page.tsx';
import { modifyWashOrder, useAddressedWashOrder } from '../api.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { ReprintNotes } from '../components/reprint-notes.tsx';

/** /developModify: change quantity and disc (at 110), confirm, link to unbind. */
export default function DevelopModifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id, q } = useAddressedWashOrder();
  const o = q.data?.order;
  const [num, setNum] = useState<number | null>(null);
  const [dist, setDist] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (o) {
      setNum(o.num);
      setDist(o.dist);
    }
  }, [o]);

  const save = async () => {
    if (!o) return;
    if (!num || num < REPRINT_MIN_QTY || num > REPRINT_MAX_QTY) return void message.error(t('msg.reprint.quantity'), 1);
    setBusy(true);
    try {
      const msg = await modifyWashOrder({ id, num, dist, thirdStudentId: o.thirdStudentId });
      void message.success(msg || t('msg.ok.modified'), 1);
      await qc.invalidateQueries({ queryKey: ['reprint'] });
      navigate(`/developConfirm?id=${id}`);
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <QueryPage title={t('reprint.modify.title')} notes={<ReprintNotes />} query={q}>
      {(data) => (
        <>
          <OrderSummary data={data} />
          {data.order.canEditQuantity ? (
            <Form layout="inline" onFinish={save}>
              <Form.Item label={t('reprint.films.quantity')} htmlFor="reprint-num">
                <InputNumber
                  id="reprint-num"
                  min={REPRINT_MIN_QTY}
                  max={REPRINT_MAX_QTY}
                  precision={0}
                  value={num}
                  onChange={setNum}
                />
              </Form.Item>
              <Form.Item label={t('reprint.films.disc')}>
                <Radio.Group value={dist} onChange={(e) => setDist(Number(e.target.value))}>
                  <Radio value={0}>{t('reprint.films.discNone')}</Radio>
                  <Radio value={1}>{t('reprint.films.discBurn')}</Radio>
                </Radio.Group>
              </Form.Item>
              <Form.Item>
                <strong data-testid="modify-total">
                  {t('reprint.films.total', { total: fenToYuan(reprintTotalFen(num ?? 0, dist === 1)) })}
                </strong>
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={busy}>
                  {t('reprint.modify.save')}
                </Button>
              </Form.Item>
            </Form>
          ) : (
            <Alert type="info" showIcon message={t('reprint.modify.locked')} />
          )}
          <Space style={{ marginTop: 16 }}>
            <Link to={`/developConfirm?id=${id}`}>{t('reprint.order.prev')}</Link>
            <Link to="/untiedId">{t('reprint.films.unbind')}</Link>
          </Space>
        </>
      )}
    </QueryPage>
  );
}
