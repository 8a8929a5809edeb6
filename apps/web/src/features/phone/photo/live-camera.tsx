import { lazy, Suspense } from 'react';
import { captureToken } from '../api.ts';

// The live camera with its face model: loaded only when the student opens it.
const CameraCapture = lazy(() =>
  import('../../../components/camera-capture/index.ts').then((m) => ({ default: m.CameraCapture })),
);

/** A browser that can show a live camera (else the file input's own camera app is used). */
export const canUseLiveCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/** The live capture with guidance over the phone screen, while `open`; the photo goes to `onCapture` with its token. */
export function LiveCamera({
  open,
  onClose,
  onCapture,
  onUseFile,
}: {
  open: boolean;
  onClose: () => void;
  onCapture: (photo: Blob, token: string) => void;
  onUseFile: () => void;
}) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CameraCapture
        getToken={captureToken}
        onClose={onClose}
        onUseFile={() => {
          onClose();
          onUseFile();
        }}
        onCapture={(photo, token) => {
          onClose();
          onCapture(photo, token);
        }}
      />
    </Suspense>
  );
}
