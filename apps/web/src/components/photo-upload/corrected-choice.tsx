import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PhotoCandidate, PhotoCheck } from '@portal/contract/photos';
import { acceptCorrected } from './api.ts';
import { getSession } from '../../lib/session.ts';
import { isPhotoCheck, ProblemList } from './check-result-table.tsx';
import { PhotoWithGuide } from './photo-guide.tsx';

/** The outcome of the student's choice: the accepted photo's URL, or a refusal to show as any other. */
export type ChoiceOutcome = { url: string } | { refused: PhotoCheck; msg: string };

interface Props {
  /** The refused photo (a local object URL) and its check. */
  original: { src: string; check: PhotoCheck };
  candidate: PhotoCandidate;
  onDone: (outcome: ChoiceOutcome) => void;
  /** "Choose another photo": the file picker again. */
  onAnother: () => void;
  /** Closed (Escape, the close button): neither photo is used. */
  onClose: () => void;
}

/** The corrected photo's bytes, for this member only: fetched with the session headers, shown from a blob. */
function useCandidateImage(url: string) {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    let src: string | null = null;
    let live = true;
    const headers: Record<string, string> = {};
    const token = getSession('token');
    const memberId = getSession('memberId');
    if (token) headers.authorization = `Bearer ${token}`;
    if (memberId) headers.memberId = memberId;
    fetch(url, { headers })
      .then(async (r) => {
        if (!r.ok || !r.headers.get('content-type')?.startsWith('image/')) throw new Error(String(r.status));
        src = URL.createObjectURL(await r.blob());
        if (live) setState({ src, failed: false });
      })
      .catch(() => live && setState({ src: null, failed: true }));
    return () => {
      live = false;
      if (src) URL.revokeObjectURL(src);
    };
  }, [url]);
  return state;
}

/**
 * A refused photo the machine could fix: the original and the corrected photo side by side, each
 * with the guide drawn on it, what was wrong and what was changed; the student uses the corrected
 * photo (checked again by the server before it is kept) or chooses another one.
 */
export function CorrectedChoice({ original, candidate, onDone, onAnother, onClose }: Props) {
  const { t } = useTranslation();
  const image = useCandidateImage(candidate.url);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The main choice takes the focus once the dialog has opened (the dialog focuses itself at the end
  // of its animation) and the corrected photo is on screen: Enter uses it.
  const useButton = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (opened && image.src) useButton.current?.focus();
  }, [opened, image.src]);

  const accept = async () => {
    setChecking(true);
    setError(null);
    try {
      const env = await acceptCorrected(candidate.id);
      if ((env.code === 200 || env.code === 0) && typeof env.data === 'string') onDone({ url: env.data });
      else if (isPhotoCheck(env.data)) onDone({ refused: env.data, msg: env.msg });
      else setError(env.msg);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setChecking(false);
    }
  };

  const stepText = (s: string) =>
    s === 'background' ? t(`photos.fix.step.background.${candidate.background}`) : t(`photos.fix.step.${s}`);

  return (
    <Modal
      open
      title={t('photos.fix.title')}
      onCancel={checking ? undefined : onClose}
      closable={!checking}
      maskClosable={false}
      afterOpenChange={setOpened}
      width={760}
      footer={
        <Space wrap>
          <Button onClick={onAnother} disabled={checking}>
            {t('photos.fix.another')}
          </Button>
          <Button
            type="primary"
            onClick={() => void accept()}
            loading={checking}
            disabled={!image.src}
            ref={useButton}
            data-testid="use-corrected"
          >
            {checking ? t('photos.fix.checking') : t('photos.fix.use')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>{t('photos.fix.intro')}</Typography.Paragraph>
      <div className="photo-fix-pair" style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <section aria-labelledby="photo-fix-original" style={{ width: 320 }}>
          <Typography.Title level={5} id="photo-fix-original">
            {t('photos.fix.original')}
          </Typography.Title>
          <PhotoWithGuide src={original.src} check={original.check} alt={t('photos.fix.original')} width={240} />
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 4 }}>
            {t('photos.fix.wrong')}
          </Typography.Paragraph>
          <ProblemList check={original.check} />
        </section>
        <section aria-labelledby="photo-fix-corrected" style={{ width: 320 }} aria-busy={!image.src && !image.failed}>
          <Typography.Title level={5} id="photo-fix-corrected">
            {t('photos.fix.corrected')}
          </Typography.Title>
          {image.src ? (
            <PhotoWithGuide src={image.src} check={candidate.check} alt={t('photos.fix.corrected')} width={240} />
          ) : image.failed ? (
            <Alert type="warning" showIcon message={t('photos.fix.loadFailed')} style={{ width: 240 }} />
          ) : (
            <div style={{ width: 240, height: 320, display: 'grid', placeItems: 'center', background: '#fafafa' }}>
              <Spin tip={t('photos.fix.loading')}>
                <div style={{ width: 120, height: 60 }} />
              </Spin>
            </div>
          )}
          <Typography.Paragraph strong style={{ marginTop: 12, marginBottom: 4 }}>
            {t('photos.fix.changed')}
          </Typography.Paragraph>
          <ul aria-label={t('photos.fix.changed')} style={{ paddingLeft: 20, margin: 0 }}>
            {candidate.steps.map((s) => (
              <li key={s} style={{ marginBottom: 4 }}>
                {stepText(s)}
              </li>
            ))}
          </ul>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 4 }}>
            {t('photos.fix.nothingElse')}
          </Typography.Paragraph>
          <Typography.Text type="success">
            <CheckCircleFilled /> {t('photos.fix.passed')}
          </Typography.Text>
        </section>
      </div>
      {checking && (
        <Alert type="info" showIcon role="status" message={t('photos.fix.checking')} style={{ marginTop: 16 }} />
      )}
      {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginTop: 16 }} />}
    </Modal>
  );
}
