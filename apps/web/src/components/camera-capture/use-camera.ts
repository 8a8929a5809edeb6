import { useCallback, useEffect, useRef, useState } from 'react';

export type Facing = 'user' | 'environment';
export type CameraError = 'noCamera' | 'denied' | 'inUse' | 'insecure';

/** The largest side the capture asks for: more is never needed for a 480 x 640 photo. */
const MAX_SIDE = 1920;

/** What a getUserMedia failure means to the student (DOMException names, per the Media Capture spec). */
export function cameraError(e: unknown): CameraError {
  const name = (e as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'SecurityError') return 'insecure';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'inUse';
  return 'noCamera';
}

/**
 * The camera stream on a video element: the front camera by default, the rear one on demand, at
 * the best resolution the device gives up to 1920 px. A page not on HTTPS (or localhost) has no
 * camera at all: that is said before asking.
 */
export function useCamera(facing: Facing) {
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<{ status: 'starting' | 'live' | 'error'; error?: CameraError }>({
    status: 'starting',
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    setState({ status: 'starting' });
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'error', error: 'insecure' });
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { facingMode: { ideal: facing }, width: { ideal: MAX_SIDE }, height: { ideal: MAX_SIDE } },
      })
      .then(async (s) => {
        stream = s;
        if (gone || !video.current) return s.getTracks().forEach((t) => t.stop());
        video.current.srcObject = s;
        await video.current.play().catch(() => undefined);
        if (!gone) setState({ status: 'live' });
      })
      .catch((e: unknown) => !gone && setState({ status: 'error', error: cameraError(e) }));
    return () => {
      gone = true;
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [facing, attempt]);

  return { video, ...state, retry };
}
