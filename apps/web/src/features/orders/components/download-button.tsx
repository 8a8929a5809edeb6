import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadPhoto, downloadPhotos } from '../api.ts';

/** Download a line's photo (file named after the person); `detailId` picks that very person. */
export function DownloadButton(props: {
  orderId: number;
  name: string;
  yxdm?: string | null;
  studentId?: string | null;
  detailId?: number;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      onClick={() =>
        downloadPhoto({
          id: props.orderId,
          yxdm: props.yxdm,
          studentId: props.studentId,
          detailId: props.detailId,
          name: props.name,
        }).catch((e: Error) => void message.error(e.message, 1))
      }
    >
      {t('orders.my.download')}
    </Button>
  );
}

/**
 * The order list's download: one person's photo, or for an order of several people all their
 * photos as one ZIP (each named after its person).
 */
export function DownloadOrderPhotos(props: { orderId: number; orderNo: string; names: string[] }) {
  const { t } = useTranslation();
  if (props.names.length <= 1) return <DownloadButton orderId={props.orderId} name={props.names[0] ?? props.orderNo} />;
  return (
    <Button
      size="small"
      onClick={() =>
        downloadPhotos({ id: props.orderId, orderNo: props.orderNo }).catch(
          (e: Error) => void message.error(e.message, 1),
        )
      }
    >
      {t('orders.my.downloadAll', { n: props.names.length })}
    </Button>
  );
}
