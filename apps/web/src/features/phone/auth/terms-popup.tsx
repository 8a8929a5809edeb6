import { useTranslation } from 'react-i18next';
import { Button, Popup } from 'antd-mobile';
import { TERMS } from '../../../components/terms-text.ts';
import { currentLang } from '../../../lib/i18n-core.ts';

/** The service agreement and privacy notice, opened from the login (loaded when first opened). */
export default function TermsPopup({ onClose, onAgree }: { onClose: () => void; onAgree: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible onMaskClick={onClose} bodyStyle={{ maxHeight: '80vh', overflowY: 'auto', padding: 16 }}>
      <h2 className="phone-section-title">{t('phone.login.terms')}</h2>
      {TERMS[currentLang()].map((s) => (
        <section key={s.title}>
          <h3 style={{ fontSize: 15 }}>{s.title}</h3>
          {s.body.map((b) => (
            <p key={b} className="phone-muted">
              {b}
            </p>
          ))}
        </section>
      ))}
      <Button block color="primary" onClick={onAgree}>
        {t('phone.login.agree')}
      </Button>
    </Popup>
  );
}
