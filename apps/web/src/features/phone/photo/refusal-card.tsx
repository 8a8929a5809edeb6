import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import type { PhotoCandidate } from '@portal/contract/photos';
import { candidateImage } from '../api.ts';
import type { PhotoRefusal } from './use-photo-take.ts';

/** The corrected photo shown from a blob: its address answers only with the member's session headers. */
function useCandidateSrc(url: string | undefined) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    let made: string | null = null;
    setSrc(null);
    candidateImage(url)
      .then((b) => {
        made = URL.createObjectURL(b);
        if (live) setSrc(made);
      })
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return src;
}

/**
 * Why the check refused a photo (its message and failing items, in the photo area's words, which
 * the screen loads), and, when the machine could correct it, the two side by side with "use the
 * corrected photo". The fix page and the new order's photo field show it; each says how to try again.
 */
export function RefusalCard({
  refusal,
  busy,
  onUseCorrected,
  tryAgain,
  correctedHow,
  onAnother,
  card,
}: {
  refusal: PhotoRefusal;
  busy: boolean;
  onUseCorrected: (c: PhotoCandidate) => void;
  /** Shown when no corrected photo is offered. */
  tryAgain: string;
  /** Said above the pair, when given. */
  correctedHow?: string;
  /** "Take another" beside "use the corrected photo", when given. */
  onAnother?: () => void;
  /** A card of its own on the page (heading level 2); else part of a form's card (level 3). */
  card?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const Heading = card ? 'h2' : 'h3';
  const { candidate } = refusal;
  const correctedSrc = useCandidateSrc(candidate?.url);
  return (
    <section
      className={card ? 'phone-card' : undefined}
      role="alert"
      aria-labelledby={id}
      style={card ? undefined : { marginTop: 12 }}
    >
      <Heading id={id} className="phone-section-title" style={card ? { marginTop: 0 } : { color: '#a8071a' }}>
        {t('phone.fix.refused')}
      </Heading>
      <p>{refusal.msg}</p>
      <ul>
        {refusal.items.map((k) => (
          <li key={k}>{t(`photos.item.${k}`, { defaultValue: k })}</li>
        ))}
      </ul>
      {candidate ? (
        <>
          {correctedHow && <p>{correctedHow}</p>}
          <div style={{ display: 'flex', gap: 12, justifyContent: 'center' }}>
            <figure style={{ margin: 0, textAlign: 'center' }}>
              <img className="phone-photo" src={refusal.src} alt={t('phone.fix.yours')} />
              <figcaption className="phone-muted">{t('phone.fix.yours')}</figcaption>
            </figure>
            <figure style={{ margin: 0, textAlign: 'center' }}>
              {correctedSrc ? (
                <img className="phone-photo" src={correctedSrc} alt={t('phone.fix.corrected')} />
              ) : (
                <div className="phone-photo" style={{ display: 'inline-block' }} role="img" aria-busy="true" />
              )}
              <figcaption className="phone-muted">{t('phone.fix.corrected')}</figcaption>
            </figure>
          </div>
          <div className="phone-actions">
            <Button color="primary" loading={busy} onClick={() => onUseCorrected(candidate)}>
              {t('phone.fix.useCorrected')}
            </Button>
            {onAnother && <Button onClick={onAnother}>{t('phone.fix.another')}</Button>}
          </div>
        </>
      ) : (
        <p className="phone-muted">{tryAgain}</p>
      )}
    </section>
  );
}
