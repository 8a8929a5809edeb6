import { orderPicAllowState } from '@portal/contract/order-rules';
import { Breadcrumb, Button, Modal, Space, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { canAddPerson, canDownloadPhoto, canEditPhoto, canEditShipping, canPay } from '@portal/contract/order-states';
import { QueryPage } from '../../../components/query-page.tsx';
import { OrderPhotoTable } from '../../../components/order-photo-table/order-photo-table.tsx';
import { EDIT_PATH_KEY, deletePerson, orderKeys, useAddressedOrder } from '../api.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { DownloadButton } from '../components/download-button.tsx';
import {
  OrderPhotoIssues,
  fixedByPhoto,
  usePhotoIssues,
} from '../../../components/order-photo-issues/order-photo-issues.tsx';
import { OrderTimeline } from '../../../components/order-timeline/order-timeline.tsx';

/** /home/orderDetails?id&con=xiangqing (read-only) or xiugai (edit): actions exactly where document 2, section 4 allows them. */
export default function OrderDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id, search, q } = useAddressedOrder();
  const edit = search.get('con') === 'xiugai';

  const issues = usePhotoIssues(id);
  const sameFace = (issues.data?.sameFace.length ?? 0) > 0;
  // A photo the national platform refused may be replaced whatever the order's state (the server allows it too).
  const refused = new Set(issues.data?.nationalRejected.filter(fixedByPhoto).map((r) => r.detailId));
  const remember = () => sessionStorage.setItem(EDIT_PATH_KEY, window.location.pathname + window.location.search);
  const modify = (type: 'photo' | 'wuliu', detailId?: number) => {
    remember();
    navigate(`/home/orderModifyjiami?id=${id}&type=${type}${detailId ? `&detailId=${detailId}` : ''}`);
  };
  const remove = (lineId: number) =>
    Modal.confirm({
      title: t('msg.order.confirmDelete'),
      onOk: async () => {
        void message.success(await deletePerson(lineId, id), 1);
        await qc.invalidateQueries({ queryKey: orderKeys.order(id) });
      },
    });

  const title = edit ? t('orders.detail.modifyTitle') : t('orders.detail.title');
  return (
    <QueryPage
      before={
        <Breadcrumb
          items={[
            { title: <Link to="/home">{t('orders.breadcrumb.home')}</Link> },
            { title: <Link to="/home/myOrder">{t('orders.breadcrumb.myOrder')}</Link> },
            { title },
          ]}
          style={{ marginBottom: 12 }}
        />
      }
      title={title}
      query={q}
    >
      {(data) => {
        const o = data.order;
        const f = {
          kind: 'individual' as const,
          state: o.state,
          payTime: o.payTime,
          picAllowState: orderPicAllowState(o.picAllowState, data.orderDetails[0]?.picAllowState),
        };
        return (
          <>
            <OrderPhotoIssues orderId={id} onReplace={(r) => modify('photo', r.detailId)} />
            <OrderSummary
              order={o}
              logisticsExtra={
                edit && canEditShipping(f) ? (
                  <Button size="small" onClick={() => modify('wuliu')}>
                    {t('orders.detail.editShipping')}
                  </Button>
                ) : undefined
              }
            />
            <OrderPhotoTable
              rows={data.orderDetails}
              actions={(r) => (
                <Space size={4}>
                  {((edit && canEditPhoto(f)) || refused.has(r.id)) && (
                    <Button size="small" onClick={() => modify('photo', r.id)}>
                      {t('orders.detail.editPhoto')}
                    </Button>
                  )}
                  {edit && canAddPerson(f) && (
                    <Button size="small" danger onClick={() => remove(r.id)}>
                      {t('orders.info.delete')}
                    </Button>
                  )}
                  {!edit && canDownloadPhoto(f) && (
                    <DownloadButton orderId={id} name={r.name} yxdm={r.yxdm} studentId={r.studentId} detailId={r.id} />
                  )}
                </Space>
              )}
            />
            <Space style={{ marginTop: 16 }}>
              {edit && canAddPerson(f) && (
                <Button onClick={() => navigate(`/home/submitPhoto/uploadPhoto?id=${id}`)}>
                  {t('orders.info.addPhoto')}
                </Button>
              )}
              {edit && canPay(f) && (
                <Button
                  type="primary"
                  disabled={sameFace}
                  onClick={() => navigate(`/home/submitPhoto/completionPayment?id=${id}&type=1`)}
                >
                  {t('orders.my.pay')}
                </Button>
              )}
            </Space>
            <div style={{ marginTop: 16 }}>
              <OrderTimeline orderId={id} />
            </div>
          </>
        );
      }}
    </QueryPage>
  );
}
