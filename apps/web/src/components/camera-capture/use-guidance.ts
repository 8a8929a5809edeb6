import { useEffect, useRef, useState, type RefObject } from 'react';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import { liveGuidance, rgbaToFrame, type Guidance } from '@portal/photo-check/live-guidance';
import { drawFrame, OUT_H, OUT_W } from './encode.ts';
import type { FaceRuntime } from './face-runtime.ts';

/** At most this often: 12 frames a second is smooth enough to stand by and leaves the phone cool. */
const MIN_FRAME_MS = 80;

export interface GuidanceState {
  model: 'loading' | 'ready' | 'error';
  guidance: Guidance | null;
  /** Milliseconds from the camera going live to the model ready (shown to tests and benches as data-*). */
  loadMs: number | null;
  /** Frames guided per second over the last second. */
  fps: number;
}

/**
 * Guides the live camera: loads the face model (only now, never before the camera opens), then
 * several times a second takes the photo's part of the current frame at 480 x 640, finds the
 * face and runs the check's measures on it (live-guidance.ts). Everything stays on the device.
 */
export function useGuidance(video: RefObject<HTMLVideoElement | null>, live: boolean, mirrored: boolean) {
  const [state, setState] = useState<GuidanceState>({ model: 'loading', guidance: null, loadMs: null, fps: 0 });
  const mirror = useRef(mirrored);
  mirror.current = mirrored;

  useEffect(() => {
    if (!live) return;
    let stop = false;
    const t0 = performance.now();
    const canvas = document.createElement('canvas');
    const run = async (rt: FaceRuntime) => {
      const stamps: number[] = [];
      while (!stop) {
        const started = performance.now();
        const v = video.current;
        if (v && v.videoWidth > 0) {
          const g = drawFrame(v, canvas);
          const frame = rgbaToFrame(g.getImageData(0, 0, OUT_W, OUT_H).data, OUT_W, OUT_H);
          const face = await rt.find(canvas);
          if (stop) return;
          const guidance = liveGuidance(frame, face, DEFAULT_BOUNDS, { mirrored: mirror.current });
          const now = performance.now();
          stamps.push(now);
          while (stamps.length && stamps[0]! < now - 1000) stamps.shift();
          setState((s) => ({ ...s, guidance, fps: stamps.length }));
        }
        const wait = MIN_FRAME_MS - (performance.now() - started);
        await new Promise((r) => setTimeout(r, Math.max(0, wait)));
      }
    };
    import('./face-runtime.ts')
      .then((m) => m.loadFaceRuntime())
      .then((rt) => {
        if (stop) return;
        setState((s) => ({ ...s, model: 'ready', loadMs: Math.round(performance.now() - t0) }));
        return run(rt);
      })
      .catch(() => !stop && setState((s) => ({ ...s, model: 'error' })));
    return () => {
      stop = true;
    };
  }, [live, video]);

  return state;
}
