import { Alert, Button, Card, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '../../../components/query-state.tsx';
import { idFromSearch, reprintKeys, useWashOrder } from '../api.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { ReprintNotes } from '../components/reprint-notes.tsx';

/** /developOrder and /developInfo: order number, items, carrier choice and receiver form; next -> /developConfirm. */
export default function DevelopInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [search] = useSearchParams();
  const id = idFromSearch(search);
  const q = useWashOrder(id);

  const next = async () => {
    await qc.invalidateQueries({ queryKey: reprintKeys.order(id) });
    navigate(`/developConfirm?id=${id}`);
  };

  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('reprint.order.title')}</h1>
      <ReprintNotes />
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        {q.data && (
          <>
            <OrderSummary data={q.data} />
            <h2 style={{ fontSize: 16 }}>{t('reprint.order.shipping')}</h2>
            <Alert type="info" message={t('reprint.order.shippingPending')} />
            <Space style={{ marginTop: 16 }}>
              <Button onClick={() => navigate('/developFilms')}>{t('reprint.order.prev')}</Button>
              <Button type="primary" onClick={next}>
                {t('reprint.order.next')}
              </Button>
            </Space>
          </>
        )}
      </QueryState>
    </Card>
  );
}
