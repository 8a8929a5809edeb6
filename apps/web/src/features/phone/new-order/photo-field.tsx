import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd-mobile';
import { addLocales } from '../../../lib/i18n-core.ts';
import { canUseLiveCamera, LiveCamera } from '../photo/live-camera.tsx';
import { usePhotoTake } from '../photo/use-photo-take.ts';
import { RefusalCard } from '../photo/refusal-card.tsx';

// The check's item names are the photo area's words: loaded with this screen only.
const photoWords = import('../../../locales/photos.ts').then((m) => addLocales(m.default));

/**
 * The person's photo: taken with the live camera and its guidance (the file input's front camera
 * where the browser has none) or chosen from the album, uploaded for the individual flow; a refusal names the check's items, and a photo the
 * machine could correct offers the corrected one, as the phone's fix page does.
 */
export function PhotoField({
  value,
  onChange,
  error,
}: {
  value?: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState(false);
  const { busy, refusal, take, takeCorrected } = usePhotoTake(onChange);
  const [, setWordsReady] = useState(false);
  useEffect(() => {
    void photoWords.then(() => setWordsReady(true));
  }, []);

  const onFile = (e: React.ChangeEvent<HTMLInputElement>) =>
    void take(e.target.files?.[0]).finally(() => (e.target.value = ''));

  return (
    <div className="phone-form-row" style={{ paddingInline: 0 }}>
      <span className="phone-form-label" id="photo-label">
        {t('orders.form.photo')}
      </span>
      <p className="phone-muted" style={{ marginTop: 0 }}>
        {t('phone.new.photoHow')}
      </p>
      <input
        ref={camera}
        type="file"
        accept="image/jpeg,image/png"
        capture="user"
        hidden
        data-testid="camera-input"
        aria-labelledby="photo-label"
        onChange={onFile}
      />
      <input
        ref={album}
        type="file"
        accept="image/jpeg"
        hidden
        data-testid="file-input"
        aria-labelledby="photo-label"
        onChange={onFile}
      />
      {value && (
        <figure style={{ margin: '0 0 8px', textAlign: 'center' }}>
          <img className="phone-photo" src={value} alt={t('phone.new.photoAlt')} />
          <figcaption role="status" style={{ color: '#389e0d' }}>
            {t('phone.new.photoOk')}
          </figcaption>
        </figure>
      )}
      <div className="new-order-footer" style={{ marginTop: 0 }}>
        <Button
          block
          color="primary"
          fill={value ? 'outline' : 'solid'}
          loading={busy}
          onClick={() => (canUseLiveCamera() ? setLive(true) : camera.current?.click())}
        >
          {t('phone.new.camera')}
        </Button>
        <Button block disabled={busy} onClick={() => album.current?.click()}>
          {t('phone.new.album')}
        </Button>
      </div>
      {error && (
        <div className="phone-form-error" role="alert" id="photo-error">
          {error}
        </div>
      )}
      <LiveCamera
        open={live}
        onClose={() => setLive(false)}
        onUseFile={() => album.current?.click()}
        onCapture={(shot, token) => void take(shot, token)}
      />
      {refusal && (
        <RefusalCard
          refusal={refusal}
          busy={busy}
          onUseCorrected={(c) => void takeCorrected(c)}
          tryAgain={t('phone.new.tryAgain')}
        />
      )}
    </div>
  );
}
