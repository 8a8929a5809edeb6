import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** A content row's edit and delete buttons; delete asks first. */
export function EditDeleteActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button size="small" onClick={onEdit}>
        {t('console.edit')}
      </Button>
      <Popconfirm title={t('console.content.confirmDelete')} onConfirm={onDelete}>
        <Button size="small" danger>
          {t('console.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
