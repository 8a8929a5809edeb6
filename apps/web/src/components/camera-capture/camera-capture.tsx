import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addLocales } from '../../lib/i18n-core.ts';
import camera from '../../locales/camera.ts';
import { BandOverlay } from './band-overlay.tsx';
import { CAMERA_CSS } from './camera-css.ts';
import { captureJpeg } from './encode.ts';
import { useCamera, type Facing } from './use-camera.ts';
import { useGuidance } from './use-guidance.ts';

// The component carries its own words, so the phone portal needs no locale of the desktop's.
addLocales(camera);

export interface CameraCaptureProps {
  /** A capture token from the server (POST /api/img/capture-token), asked for before the camera opens. */
  getToken: () => Promise<string>;
  /** The photo taken (480 x 640 JPEG) and its token: upload it with the fields captureToken (and taskId). */
  onCapture: (photo: Blob, captureToken: string) => void;
  onClose: () => void;
  /** Offered when the camera cannot be used; leave it out where only a live photo is accepted. */
  onUseFile?: () => void;
  /** Say that the task takes only a live photo. */
  captureOnly?: boolean;
}

const COUNTDOWN_S = 3;

/**
 * Live capture with guidance: the camera's preview with the standard's bands, one instruction at
 * a time (as text, announced to screen readers), a shutter that opens when the frame would pass,
 * an optional countdown, and a review before the photo goes to the host.
 */
export function CameraCapture({ getToken, onCapture, onClose, onUseFile, captureOnly }: CameraCaptureProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [token, setToken] = useState<string | null>(null);
  const [tokenFailed, setTokenFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    getToken().then(
      (tk) => !gone && setToken(tk),
      () => !gone && setTokenFailed(true),
    );
    return () => {
      gone = true;
    };
  }, [getToken]);

  return (
    <div className="cam-backdrop">
      <style>{CAMERA_CSS}</style>
      <div className="cam-dialog" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="cam-head">
          <h2 id={titleId}>{t('camera.title')}</h2>
          <button type="button" className="cam-btn" onClick={onClose}>
            {t('camera.close')}
          </button>
        </div>
        {captureOnly && <p className="cam-note">{t('camera.captureOnly')}</p>}
        {tokenFailed ? (
          <p className="cam-error" role="alert">
            {t('camera.error.token')}
          </p>
        ) : token ? (
          <LiveCamera onTaken={(photo) => onCapture(photo, token)} onUseFile={onUseFile} />
        ) : (
          <p className="cam-status">{t('camera.starting')}</p>
        )}
      </div>
    </div>
  );
}

function LiveCamera({ onTaken, onUseFile }: { onTaken: (photo: Blob) => void; onUseFile?: () => void }) {
  const { t } = useTranslation();
  const [facing, setFacing] = useState<Facing>('user');
  const cam = useCamera(facing);
  const mirrored = facing === 'user';
  const g = useGuidance(cam.video, cam.status === 'live', mirrored);
  const [countdown, setCountdown] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [taken, setTaken] = useState<{ blob: Blob; url: string } | null>(null);
  const ready = g.model === 'ready' && !!g.guidance?.ready;
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearInterval(timer.current), []);
  useEffect(() => () => (taken ? URL.revokeObjectURL(taken.url) : undefined), [taken]);

  const shoot = async () => {
    if (!cam.video.current) return;
    const blob = await captureJpeg(cam.video.current);
    setTaken({ blob, url: URL.createObjectURL(blob) });
  };
  const press = () => {
    if (!countdown) return void shoot();
    let n = COUNTDOWN_S;
    setCount(n);
    timer.current = window.setInterval(() => {
      n -= 1;
      if (n > 0) return setCount(n);
      window.clearInterval(timer.current);
      setCount(null);
      void shoot();
    }, 1000);
  };

  if (cam.status === 'error')
    return (
      <div className="cam-body">
        <p className="cam-error" role="alert">
          {t(`camera.error.${cam.error}`)}
        </p>
        <div className="cam-row">
          <button type="button" className="cam-btn" onClick={cam.retry}>
            {t('camera.retry')}
          </button>
          {onUseFile && (
            <button type="button" className="cam-btn" onClick={onUseFile}>
              {t('camera.useFile')}
            </button>
          )}
        </div>
      </div>
    );

  if (taken)
    return (
      <div className="cam-body">
        <p className="cam-say">{t('camera.review')}</p>
        <img className="cam-taken" src={taken.url} alt={t('camera.review')} />
        <div className="cam-row">
          <button type="button" className="cam-btn" onClick={() => setTaken(null)}>
            {t('camera.retake')}
          </button>
          <button type="button" className="cam-btn cam-primary" onClick={() => onTaken(taken.blob)}>
            {t('camera.use')}
          </button>
        </div>
      </div>
    );

  const instruction = g.guidance?.instruction;
  const say =
    cam.status !== 'live'
      ? t('camera.starting')
      : g.model === 'loading'
        ? t('camera.modelLoading')
        : g.model === 'error'
          ? t('camera.error.model')
          : !g.guidance
            ? t('camera.modelLoading')
            : instruction
              ? t(`camera.do.${instruction}`)
              : t('camera.ready');
  return (
    <div
      className="cam-body"
      data-camera-model={g.model}
      data-model-ms={g.loadMs ?? ''}
      data-fps={g.fps}
      data-instruction={g.guidance ? (instruction ?? 'ready') : ''}
    >
      <div className="cam-stage">
        <video ref={cam.video} className={mirrored ? 'cam-video cam-mirror' : 'cam-video'} playsInline muted />
        <BandOverlay />
        {count !== null && <div className="cam-count">{count}</div>}
      </div>
      <p className={`cam-say ${ready ? 'cam-ok' : 'cam-todo'}`} role="status" aria-live="polite">
        <span aria-hidden="true">{ready ? '✓ ' : '➜ '}</span>
        {count !== null ? t('camera.counting', { n: count }) : say}
      </p>
      <p className="cam-hint">{t('camera.bands')}</p>
      <div className="cam-row">
        <button type="button" className="cam-btn" onClick={() => setFacing(facing === 'user' ? 'environment' : 'user')}>
          {t('camera.switch')}
        </button>
        <label className="cam-check">
          <input type="checkbox" checked={countdown} onChange={(e) => setCountdown(e.target.checked)} />{' '}
          {t('camera.countdown')}
        </label>
      </div>
      <button
        type="button"
        className="cam-btn cam-primary cam-shutter"
        disabled={!ready || count !== null}
        onClick={press}
        aria-describedby={ready ? undefined : 'cam-wait'}
      >
        {t('camera.shutter')}
      </button>
      {!ready && (
        <p id="cam-wait" className="cam-hint">
          {t('camera.shutterWait')}
        </p>
      )}
    </div>
  );
}
