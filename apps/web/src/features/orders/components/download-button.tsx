import { Button, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadPhoto } from '../api.ts';

/** Download a line's photo (file named after the person). */
export function DownloadButton(props: {
  orderId: number;
  name: string;
  yxdm?: string | null;
  studentId?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      onClick={() =>
        downloadPhoto({ id: props.orderId, yxdm: props.yxdm, studentId: props.studentId, name: props.name }).catch(
          (e: Error) => void message.error(e.message, 1),
        )
      }
    >
      {t('orders.my.download')}
    </Button>
  );
}
