import { lazy, Suspense, useRef, useState } from 'react';
import { App, Button, Collapse, Modal, Space, Typography, Upload } from 'antd';
import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import ImgCrop, { type ImgCropProps } from 'antd-img-crop';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { captureToken, uploadPhoto } from './api.ts';
import { addLocales } from '../../lib/i18n-core.ts';
import cameraWords from '../../locales/camera.ts';
import { CheckResultTable, isPhotoCheck, ProblemList, type PhotoCheck } from './check-result-table.tsx';
import { PhotoWithGuide } from './photo-guide.tsx';
import { CorrectedChoice, type ChoiceOutcome } from './corrected-choice.tsx';
import type { PhotoCandidate } from '@portal/contract/photos';

export { CheckResultTable } from './check-result-table.tsx';
export type { PhotoCheck } from './check-result-table.tsx';

const MIN_INDIVIDUAL = 30 * 1024;
const MAX_TASK = 5 * 1024 * 1024;
const OUT_W = 480;
const OUT_H = 640;

// The camera's words (its button is here); the capture and its face model load only when it opens.
addLocales(cameraWords);
const CameraCapture = lazy(() => import('../camera-capture/index.ts').then((m) => ({ default: m.CameraCapture })));

export interface PhotoUploadProps {
  flow: 'individual' | 'task';
  /** The task of a centralised upload: sent with the photo, so a capture-only task can be enforced. */
  taskId?: number;
  /** The task takes only a photo taken live: no file picker, the camera only. */
  captureOnly?: boolean;
  /** The accepted photo's URL. */
  value?: string;
  onChange: (url: string | undefined) => void;
  disabled?: boolean;
}

/** Redraws the cropped image at the standard 480 x 640 as a JPEG. */
async function toStandardJpeg(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = OUT_W;
  canvas.height = OUT_H;
  const g = canvas.getContext('2d')!;
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, OUT_W, OUT_H);
  g.drawImage(bitmap, 0, 0, OUT_W, OUT_H);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('encode'))), 'image/jpeg', 0.95),
  );
}

// The crop frame is 240 x 320 on screen (the typing wants every Cropper prop; antd-img-crop fills the rest).
const CROPPER_PROPS = {
  cropSize: { width: 240, height: 320 },
  // The frame holds the image at 240 x 320 too, so a 3:4 photo starts uncropped at zoom 1.
  style: { containerStyle: { position: 'relative', width: 240, height: 320, margin: '0 auto' } },
} as unknown as ImgCropProps['cropperProps'];

// Guide bands on the 240 x 320 crop frame (half the 480 x 640 output), the same as PhotoWithGuide:
// head top 50-110 px, eye line 200-300 px, face edges 90-150 px in from each side (face 180-300 px wide).
const CROP_CSS = `
.photo-crop-modal .reactEasyCrop_CropArea {
  background-image:
    linear-gradient(to bottom, transparent 25px, rgba(250, 140, 22, 0.30) 25px, rgba(250, 140, 22, 0.30) 55px, transparent 55px),
    linear-gradient(to bottom, transparent 100px, rgba(22, 119, 255, 0.26) 100px, rgba(22, 119, 255, 0.26) 150px, transparent 150px),
    linear-gradient(to right, transparent 45px, rgba(82, 196, 26, 0.24) 45px, rgba(82, 196, 26, 0.24) 75px, transparent 75px,
      transparent 165px, rgba(82, 196, 26, 0.24) 165px, rgba(82, 196, 26, 0.24) 195px, transparent 195px);
}
`;

/**
 * The shared photo step: choose a JPEG, crop it at 3:4 with guide bands, upload it
 * for the automatic check; the URL of an accepted photo goes to onChange, a rejected
 * one shows the item-by-item table.
 */
const RULE_TOAST = 'photo-rule';

export function PhotoUpload({ flow, value, onChange, disabled, taskId, captureOnly }: PhotoUploadProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState(false);
  const [preview, setPreview] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<{ check: PhotoCheck; msg: string; src: string } | null>(null);
  // A refused photo the machine corrected: the student chooses between the two.
  const [choice, setChoice] = useState<{ check: PhotoCheck; src: string; candidate: PhotoCandidate } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const lastPreview = useRef<string | undefined>(undefined);
  // Files that broke a rule: the crop wrapper hands a file its beforeCrop refused straight on to
  // beforeUpload (antd-img-crop: "not open modal" means upload as is), so it is stopped there.
  const refused = useRef(new WeakSet<File>());

  // One toast per rule at a time: the crop wrapper may check the same file twice.
  const validate = async (file: File): Promise<boolean> => {
    const ok = followsRules(file) && (await isJpeg(file));
    if (!ok) refused.current.add(file);
    return ok;
  };
  // A PNG renamed .jpg gets the JPEG type from its name; its first bytes tell the truth.
  const isJpeg = async (file: File): Promise<boolean> => {
    const b = new Uint8Array(await file.slice(0, 3).arrayBuffer());
    if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return true;
    void message.error({ content: t('msg.photo.jpgOnly'), key: RULE_TOAST, duration: 1 });
    return false;
  };
  const followsRules = (file: File): boolean => {
    if (file.type ? file.type !== 'image/jpeg' : !/\.jpe?g$/i.test(file.name)) {
      void message.error({ content: t('msg.photo.jpgOnly'), key: RULE_TOAST, duration: 1 });
      return false;
    }
    if (flow === 'individual' && file.size < MIN_INDIVIDUAL) {
      void message.error({ content: t('msg.photo.tooSmall'), key: RULE_TOAST, duration: 1 });
      return false;
    }
    if (flow === 'task' && file.size > MAX_TASK) {
      void message.error({ content: t('msg.photo.tooLarge'), key: RULE_TOAST, duration: 1 });
      return false;
    }
    return true;
  };

  const upload = async (file: Blob, token?: string) => {
    setBusy(true);
    const jpeg = await toStandardJpeg(file);
    if (lastPreview.current) URL.revokeObjectURL(lastPreview.current);
    lastPreview.current = URL.createObjectURL(jpeg);
    setPreview(lastPreview.current);
    const formData = new FormData();
    formData.append('flow', flow);
    if (taskId !== undefined) formData.append('taskId', String(taskId));
    if (token) formData.append('captureToken', token);
    formData.append('file', jpeg, 'photo.jpg');
    try {
      const env = await uploadPhoto(formData);
      if ((env.code === 200 || env.code === 0) && typeof env.data === 'string') {
        onChange(env.data);
        setPreview(undefined);
        void message.success(t('msg.photo.accepted'));
      } else if (isPhotoCheck(env.data)) {
        const { corrected, ...check } = env.data as PhotoCheck & { corrected?: PhotoCandidate };
        // The refused photo stays on screen in the refusal, with the guide and its failing lines;
        // beside its corrected version when the machine could fix it.
        if (corrected) setChoice({ check, src: lastPreview.current!, candidate: corrected });
        else setRefusal({ check, msg: env.msg, src: lastPreview.current! });
        lastPreview.current = undefined;
        onChange(undefined);
        setPreview(undefined);
      } else {
        void message.error(env.msg);
        onChange(undefined);
        window.setTimeout(() => setPreview(undefined), 500);
      }
    } catch (e) {
      void message.error((e as Error).message);
      setPreview(undefined);
    } finally {
      setBusy(false);
    }
  };

  const closeRefusal = () => {
    if (refusal) URL.revokeObjectURL(refusal.src);
    setRefusal(null);
  };

  const chosen = (outcome: ChoiceOutcome) => {
    if (!choice) return;
    if ('url' in outcome) {
      URL.revokeObjectURL(choice.src);
      onChange(outcome.url);
      void message.success(t('msg.photo.accepted'));
    } else {
      // The corrected photo failed the second check: the original's problems, to fix by a new photo.
      setRefusal({ check: choice.check, msg: outcome.msg, src: choice.src });
    }
    setChoice(null);
  };

  const closeChoice = () => {
    if (choice) URL.revokeObjectURL(choice.src);
    setChoice(null);
  };
  // "Choose another photo": the file picker again (in the click, so the browser allows it).
  const another = () => {
    closeChoice();
    root.current?.querySelector<HTMLInputElement>('input[type=file]')?.click();
  };

  const shown = preview ?? value;
  return (
    <div className="photo-upload" ref={root}>
      <style>{CROP_CSS}</style>
      <Space align="start" size="large" wrap>
        <div
          aria-label={t('photos.preview')}
          style={{
            width: 120,
            height: 160,
            border: '1px dashed #d9d9d9',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: '#fafafa',
          }}
        >
          {shown ? (
            <PhotoWithGuide src={shown} alt={t('photos.preview')} width={120} legend={false} />
          ) : (
            <Typography.Text type="secondary">{t('photos.none')}</Typography.Text>
          )}
        </div>
        <Space direction="vertical">
          {!captureOnly && (
            <ImgCrop
              aspect={3 / 4}
              quality={0.95}
              fillColor="#ffffff"
              zoomSlider
              minZoom={1}
              maxZoom={2}
              modalTitle={t('photos.crop.title')}
              modalOk={t('photos.crop.ok')}
              modalCancel={t('photos.crop.cancel')}
              modalClassName="photo-crop-modal"
              modalWidth={420}
              cropperProps={CROPPER_PROPS}
              beforeCrop={(file) => validate(file)}
            >
              <Upload
                accept=".jpg,.jpeg,image/jpeg"
                showUploadList={false}
                disabled={disabled || busy}
                beforeUpload={(file) => {
                  if (refused.current.has(file)) return Upload.LIST_IGNORE;
                  void upload(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={busy} disabled={disabled}>
                  {value ? t('photos.choose.again') : t('photos.choose')}
                </Button>
              </Upload>
            </ImgCrop>
          )}
          <Button
            icon={<CameraOutlined />}
            disabled={disabled || busy}
            type={captureOnly ? 'primary' : 'default'}
            onClick={() => setCamera(true)}
          >
            {t('camera.open')}
          </Button>
          {captureOnly && <Typography.Text type="warning">{t('camera.captureOnly')}</Typography.Text>}
          <Typography.Text type="secondary">
            {t(flow === 'individual' ? 'photos.hint.individual' : 'photos.hint.task')}
          </Typography.Text>
          <Typography.Text type="secondary">{t('photos.crop.bands')}</Typography.Text>
          <Link to="/home/photoGuide" target="_blank">
            {t('photos.guide.link')}
          </Link>
        </Space>
      </Space>
      {camera && (
        <Suspense fallback={null}>
          <CameraCapture
            getToken={captureToken}
            captureOnly={captureOnly}
            onClose={() => setCamera(false)}
            onUseFile={
              captureOnly
                ? undefined
                : () => {
                    setCamera(false);
                    root.current?.querySelector<HTMLInputElement>('input[type=file]')?.click();
                  }
            }
            onCapture={(photo, token) => {
              setCamera(false);
              void upload(photo, token);
            }}
          />
        </Suspense>
      )}
      {choice && (
        <CorrectedChoice
          original={{ src: choice.src, check: choice.check }}
          candidate={choice.candidate}
          onDone={chosen}
          onAnother={another}
          onClose={closeChoice}
        />
      )}
      <Modal
        open={!!refusal}
        title={refusal?.msg}
        onCancel={closeRefusal}
        onOk={closeRefusal}
        okText={t('photos.retry')}
        cancelButtonProps={{ style: { display: 'none' } }}
        width={720}
      >
        {refusal && (
          <>
            <Space align="start" size="large" wrap>
              <PhotoWithGuide src={refusal.src} check={refusal.check} alt={t('photos.refused')} width={240} />
              <div style={{ maxWidth: 380 }}>
                <Typography.Paragraph strong>{t('photos.problems')}</Typography.Paragraph>
                <ProblemList check={refusal.check} />
                <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                  {t('photos.guide.legend')}
                </Typography.Paragraph>
              </div>
            </Space>
            <Collapse
              style={{ marginTop: 12 }}
              size="small"
              items={[
                { key: 'details', label: t('photos.details'), children: <CheckResultTable check={refusal.check} /> },
              ]}
            />
          </>
        )}
        <Typography.Paragraph style={{ marginTop: 12 }}>
          <Link to="/home/photoGuide" target="_blank">
            {t('photos.guide.link')}
          </Link>
        </Typography.Paragraph>
      </Modal>
    </div>
  );
}
