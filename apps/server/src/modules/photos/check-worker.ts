import { parentPort, workerData } from 'node:worker_threads';
import { loadFaceModel, type Detector } from './face-model.ts';
import { measure } from './measure.ts';
import { checkPasses } from './check-result.ts';
import type { PhotoCheckBounds } from './check-config.ts';

/** A job for a check worker: a 480 x 640 RGB frame. */
export interface CheckJob {
  id: number;
  rgb: Uint8Array;
  width: number;
  height: number;
  bounds: PhotoCheckBounds;
}

export type CheckReply =
  | { id: number; ok: true; check: ReturnType<typeof measure>; passed: boolean; descriptor: number[] | null; faces: number }
  | { id: number; ok: false; error: string };

// One model load per worker thread; jobs run one at a time.
const model = loadFaceModel((workerData as { detector?: Detector } | undefined)?.detector ?? 'tiny');

parentPort?.postMessage({ ready: true });
parentPort?.on('message', (job: CheckJob) => {
  void (async () => {
    try {
      const m = await model;
      const frame = { data: job.rgb, width: job.width, height: job.height };
      const first = await m.find(job.rgb, job.width, job.height);
      const check = measure(frame, first, job.bounds);
      const passed = checkPasses(check);
      // The descriptor (face recognition net) only for photos that will be kept.
      const descriptor = await first.describe(passed);
      const reply: CheckReply = { id: job.id, ok: true, check, passed, descriptor, faces: first.count };
      parentPort?.postMessage(reply);
    } catch (err) {
      parentPort?.postMessage({ id: job.id, ok: false, error: (err as Error).message } satisfies CheckReply);
    }
  })();
});
