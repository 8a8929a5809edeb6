import { useTranslation } from 'react-i18next';
import { toastOk } from '../phone-toast.ts';

/** A number the student may need elsewhere (the waybill): shown, and copied with one tap. */
export function CopyText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span data-testid="copy-value">{text}</span>
      <button
        type="button"
        className="phone-link-button"
        aria-label={t('phone.copyThis', { text })}
        onClick={() => void navigator.clipboard?.writeText(text).then(() => toastOk(t('phone.copied')))}
      >
        {t('phone.copy')}
      </button>
    </span>
  );
}
