import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n.ts';
import { TERMS } from './terms-text.ts';

/** The full service agreement and privacy notice. */
export function TermsDialog(props: { open: boolean; onClose: () => void; onAgree: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={t('login.termsTitle')}
      onCancel={props.onClose}
      onOk={() => {
        props.onAgree();
        props.onClose();
      }}
      okText={t('login.agree')}
      cancelText={t('common.cancel')}
      width={720}
    >
      <div style={{ maxHeight: '60vh', overflowY: 'auto' }} tabIndex={0} aria-label={t('login.termsTitle')}>
        {TERMS[currentLang()].map((s) => (
          <section key={s.title}>
            <Typography.Title level={5}>{s.title}</Typography.Title>
            {s.body.map((p) => (
              <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
            ))}
          </section>
        ))}
      </div>
    </Modal>
  );
}
