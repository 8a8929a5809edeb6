import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings.ts';

const NOTES = ['price', 'delivery', 'production', 'mail', 'jiangsu', 'change', 'admission', 'face', 'edit', 'desktop'];

/** The notes of document 2, section 1, shown before individual submission and collective collection. */
export function NotesDialog(props: {
  kind: 'individual' | 'collective' | null;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const phones = settings?.servicePhones.join(', ') ?? '';
  return (
    <Modal
      open={props.kind !== null}
      title={props.kind ? t(`home.notesTitle.${props.kind}`) : ''}
      onCancel={props.onClose}
      onOk={props.onConfirm}
      okText={t('home.notes.confirm')}
      cancelText={t('common.cancel')}
      width={640}
      destroyOnHidden
    >
      <ol className="home-notes">
        {NOTES.map((k) => (
          <li key={k} className={k === 'jiangsu' || k === 'face' ? 'strong' : undefined}>
            {t(`home.notes.${k}`, { phones })}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
