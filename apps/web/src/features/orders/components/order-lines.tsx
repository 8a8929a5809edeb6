import { Button, Modal, Space, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { OrderWithDetails } from '@portal/contract/orders';
import { OrderPhotoTable } from '../../../components/order-photo-table/order-photo-table.tsx';
import { EDIT_PATH_KEY, deletePerson, orderKeys } from '../api.ts';

/** The lines of an order with edit and delete per line where allowed. */
export function OrderLines({
  data,
  canEdit,
  canDelete,
}: {
  data: OrderWithDetails;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = data.order.id;
  const edit = (lineId: number) => {
    sessionStorage.setItem(EDIT_PATH_KEY, window.location.pathname + window.location.search);
    navigate(`/home/orderModify?id=${id}&type=photo&detailId=${lineId}`);
  };
  const remove = (lineId: number) =>
    Modal.confirm({
      title: t('msg.order.confirmDelete'),
      onOk: async () => {
        const msg = await deletePerson(lineId, id);
        void message.success(msg, 1);
        await qc.invalidateQueries({ queryKey: orderKeys.order(id) });
      },
    });
  return (
    <OrderPhotoTable
      rows={data.orderDetails}
      actions={
        canEdit || canDelete
          ? (r) => (
              <Space>
                {canEdit && (
                  <Button size="small" onClick={() => edit(r.id)}>
                    {t('orders.info.edit')}
                  </Button>
                )}
                {canDelete && (
                  <Button size="small" danger onClick={() => remove(r.id)}>
                    {t('orders.info.delete')}
                  </Button>
                )}
              </Space>
            )
          : undefined
      }
    />
  );
}
