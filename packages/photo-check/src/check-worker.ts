import { parentPort, workerData } from 'node:worker_threads';
import { photoProblems } from '@portal/contract/photos';
import { loadFaceModel, type Detector } from './face-model.ts';
import { loadPersonSegmenter } from './person-mask.ts';
import { loadTfCore } from './tf-core.ts';
import { measure } from './measure.ts';
import { checkPasses } from './check-result.ts';
import { stageTimer } from './stage-timer.ts';
import type { PhotoCheckBounds } from './bounds.ts';
import { correctFrame, type CorrectionSpec, type CorrectedFrame } from './correction-engine.ts';

/** A job for a check worker: a 480 x 640 RGB frame. */
export interface CheckJob {
  id: number;
  rgb: Uint8Array;
  width: number;
  height: number;
  bounds: PhotoCheckBounds;
  /** False: no face descriptor even when the photo passes (a corrected candidate's re-check). */
  describe?: boolean;
  /** A correction job instead (correction-engine.ts): `rgb` is then the upright original at any size. */
  correct?: CorrectionSpec;
}

/** A correction's answer: the corrected 480 x 640 frame, or null when the engine gave up. */
export interface CorrectReply {
  id: number;
  ok: true;
  corrected: CorrectedFrame | null;
  /** Milliseconds per stage of the correction inside the worker (stage-timer.ts). */
  stages?: Record<string, number>;
}

export type CheckReply =
  | {
      id: number;
      ok: true;
      check: ReturnType<typeof measure>;
      passed: boolean;
      descriptor: number[] | null;
      /** The single face's 68 landmarks on the frame (the correction starts from them), else absent. */
      landmarks?: { x: number; y: number }[];
      faces: number;
      /** Milliseconds per stage inside the worker (stage-timer.ts), for the benchmark. */
      stages?: Record<string, number>;
    }
  | { id: number; ok: false; error: string };

// One model load per worker thread (the face nets, then the person mask on the same runtime); jobs run one at a time.
const given = workerData as { detector?: Detector; tinyInput?: number } | undefined;
const model = loadFaceModel(given?.detector ?? 'tiny', given?.tinyInput);
const segmenter = model.then(() => loadPersonSegmenter(loadTfCore()));

parentPort?.postMessage({ ready: true });
parentPort?.on('message', (job: CheckJob) => {
  void (async () => {
    try {
      const m = await model;
      const seg = await segmenter;
      if (job.correct) {
        const t = stageTimer();
        const corrected = await correctFrame(job, job.correct, m, seg, t.lap);
        const reply: CorrectReply = { id: job.id, ok: true, corrected, stages: t.ms };
        parentPort?.postMessage(reply, corrected ? [corrected.rgb.buffer as ArrayBuffer] : []);
        return;
      }
      const t = stageTimer();
      const frame = { data: job.rgb, width: job.width, height: job.height };
      const first = await m.find(job.rgb, job.width, job.height, t.lap);
      const mask = seg.segment(job.rgb, job.width, job.height);
      t.lap('person mask');
      const measured = measure(frame, first, job.bounds, mask, t.lap);
      const passed = checkPasses(measured);
      const check = passed ? measured : { ...measured, problems: photoProblems(measured) };
      // The descriptor (face recognition net) only for photos that will be kept.
      const descriptor = await first.describe(passed && job.describe !== false);
      t.lap('descriptor');
      const reply: CheckReply = { id: job.id, ok: true, check, passed, descriptor, faces: first.count, stages: t.ms };
      if (!passed && first.count === 1) reply.landmarks = first.landmarks;
      parentPort?.postMessage(reply);
    } catch (err) {
      parentPort?.postMessage({ id: job.id, ok: false, error: (err as Error).message } satisfies CheckReply);
    }
  })();
});
