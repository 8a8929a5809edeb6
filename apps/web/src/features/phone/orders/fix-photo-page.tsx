import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, Input } from 'antd-mobile';
import { PATTERNS } from '@portal/contract/patterns';
import { addLocales } from '../../../lib/i18n-core.ts';
import { updatePersonPhoto, useOrderWithPersons } from '../api.ts';
import { canUseLiveCamera, LiveCamera } from '../photo/live-camera.tsx';
import { usePhotoTake } from '../photo/use-photo-take.ts';
import { RefusalCard } from '../photo/refusal-card.tsx';
import { phonePaths } from '../paths.ts';
import { toastFail, toastOk } from '../phone-toast.ts';
import { useOrderParams } from './use-order-params.ts';

// The check's item names are the photo area's words: loaded with this screen only.
const photoWords = import('../../../locales/photos.ts').then((m) => addLocales(m.default));

/**
 * Fix a refused photo: take a new one (or choose a file), see the check and, when the machine
 * could correct it, the pair to choose from; then resubmit, and the order goes back to review.
 */
export default function PhoneFixPhotoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { id, detailId } = useOrderParams();
  const q = useOrderWithPersons('individual', id);
  const [sending, setSending] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);
  const photo = usePhotoTake(setAccepted);
  const { refusal } = photo;
  const busy = sending || photo.busy;
  const [, setWordsReady] = useState(false);
  // The resubmission carries the person's mobile and e-mail too (the modify rule): asked when missing.
  const [contact, setContact] = useState<{ mobile: string; mail: string } | null>(null);
  const camera = useRef<HTMLInputElement>(null);
  const album = useRef<HTMLInputElement>(null);
  const [live, setLive] = useState(false);
  const shoot = () => (canUseLiveCamera() ? setLive(true) : camera.current?.click());
  useEffect(() => {
    void photoWords.then(() => setWordsReady(true));
  }, []);

  if (q.isPending)
    return (
      <div className="phone-loading">
        <DotLoading color="primary" />
      </div>
    );
  const person = q.data?.persons.find((p) => p.id === detailId);
  if (q.isError || !person) return <ErrorBlock status="default" title={t('phone.loadFailed')} description="" />;

  const reach = contact ?? { mobile: person.mobile ?? '', mail: person.mail ?? '' };

  const take = (file: Blob | undefined, token?: string) => {
    setAccepted(null);
    return photo.take(file, token);
  };

  const resubmit = async () => {
    if (!accepted) return;
    if (!PATTERNS.mobile.test(reach.mobile))
      return toastFail(t(reach.mobile ? 'msg.mobile.invalid' : 'msg.mobile.required'));
    if (!PATTERNS.mail.test(reach.mail)) return toastFail(t(reach.mail ? 'msg.mail.invalid' : 'msg.mail.required'));
    setSending(true);
    try {
      const msg = await updatePersonPhoto({
        id: person.id,
        // What the student typed here, not the line's old values (an empty e-mail was refused).
        mobile: reach.mobile,
        mail: reach.mail,
        picUrl: accepted,
      });
      toastOk(msg || t('phone.fix.done'));
      await client.invalidateQueries({ queryKey: ['phone'] });
      navigate(phonePaths.order(id), { replace: true });
    } catch {
      // the client has shown the server's message
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <h1 className="phone-title">{t('phone.fix.title', { name: person.name })}</h1>
      <div className="phone-card">
        <p style={{ marginTop: 0 }}>{t('phone.fix.how')}</p>
        <ul className="phone-muted" style={{ paddingInlineStart: 20 }}>
          <li>{t('phone.fix.tip1')}</li>
          <li>{t('phone.fix.tip2')}</li>
          <li>{t('phone.fix.tip3')}</li>
        </ul>
        <input
          ref={camera}
          type="file"
          accept="image/jpeg,image/png"
          capture="user"
          hidden
          data-testid="camera-input"
          onChange={(e) => void take(e.target.files?.[0]).finally(() => (e.target.value = ''))}
        />
        <input
          ref={album}
          type="file"
          accept="image/jpeg"
          hidden
          data-testid="file-input"
          onChange={(e) => void take(e.target.files?.[0]).finally(() => (e.target.value = ''))}
        />
        <div className="phone-actions">
          <Button color="primary" size="large" loading={busy} onClick={shoot}>
            {t('phone.fix.camera')}
          </Button>
          <Button size="large" disabled={busy} onClick={() => album.current?.click()}>
            {t('phone.fix.file')}
          </Button>
        </div>
      </div>

      <LiveCamera
        open={live}
        onClose={() => setLive(false)}
        onUseFile={() => album.current?.click()}
        onCapture={(shot, token) => void take(shot, token)}
      />

      {refusal && (
        <RefusalCard
          card
          refusal={refusal}
          busy={busy}
          onUseCorrected={(c) => void photo.takeCorrected(c)}
          correctedHow={t('phone.fix.correctedHow')}
          onAnother={shoot}
          tryAgain={t('phone.fix.tryAgain')}
        />
      )}

      {accepted && (
        <section className="phone-card" aria-labelledby="ok-title">
          <h2 id="ok-title" className="phone-section-title" style={{ marginTop: 0 }}>
            {t('phone.fix.passed')}
          </h2>
          <img className="phone-photo" src={accepted} alt={t('phone.fix.newPhoto')} />
          <label className="phone-field">
            {t('phone.fix.mobile')}
            <Input
              type="tel"
              maxLength={11}
              value={reach.mobile}
              onChange={(mobile) => setContact({ ...reach, mobile: mobile.trim() })}
            />
          </label>
          <label className="phone-field">
            {t('phone.fix.mail')}
            <Input type="email" value={reach.mail} onChange={(mail) => setContact({ ...reach, mail: mail.trim() })} />
          </label>
          <Button
            block
            color="primary"
            size="large"
            style={{ marginTop: 12 }}
            loading={busy}
            onClick={() => void resubmit()}
          >
            {t('phone.fix.resubmit')}
          </Button>
        </section>
      )}
    </>
  );
}
