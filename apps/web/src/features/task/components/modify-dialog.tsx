import type { ModalProps } from 'antd';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The "modify" link beside a task order's person or logistics and the dialog it opens; the owner
 * keeps `open` so that a save can close it. The dialog's content is dropped when it closes.
 */
export function ModifyDialog({
  open,
  onOpenChange,
  ...modal
}: Omit<ModalProps, 'open' | 'onCancel' | 'destroyOnHidden'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="link" onClick={() => onOpenChange(true)}>
        {t('task.modify')}
      </Button>
      <Modal {...modal} open={open} onCancel={() => onOpenChange(false)} destroyOnHidden />
    </>
  );
}
