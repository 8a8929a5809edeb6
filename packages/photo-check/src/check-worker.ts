import { parentPort, workerData } from 'node:worker_threads';
import { photoProblems } from '@portal/contract/photos';
import { loadFaceModel, type Detector } from './face-model.ts';
import { loadPersonSegmenter } from './person-mask.ts';
import { loadTfCore } from './tf-core.ts';
import { measure } from './measure.ts';
import { checkPasses } from './check-result.ts';
import { stageTimer } from './stage-timer.ts';
import { levelFrame, rollOf } from './level-frame.ts';
import { edgeSkin } from './edge-skin.ts';
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
      /** The single face's 68 landmarks on the frame (the correction starts from them; a test places what it paints by them), else absent. */
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

/** A roll past this (radians, 4°) has its landmarks found again on the levelled frame. */
const ROLL_RELEVEL = (4 * Math.PI) / 180;

/**
 * Side strips with more skin than this (per cent) get the edge look: the compliant photos of the
 * real-world set show at most 3.4, a half face pasted at an edge 18 and more.
 */
const EDGE_SKIN = 4;

/** The frame with its red and blue channels swapped. */
function swapRedBlue(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    out[i] = rgb[i + 2]!;
    out[i + 1] = rgb[i + 1]!;
    out[i + 2] = rgb[i]!;
  }
  return out;
}

/** The frame's luminance in all three channels. */
function greyOf(rgb: Uint8Array): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    const v = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    out[i] = v;
    out[i + 1] = v;
    out[i + 2] = v;
  }
  return out;
}

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
      let first = await m.find(job.rgb, job.width, job.height, t.lap);
      // A face in unnatural colours (a hue turned, a green or cyan cast) escapes the detector, which
      // learnt skin tones: no face is looked for once more on the grey picture, then with the red
      // and blue channels swapped (a blue face turns skin-coloured), and the measures (the skin's
      // colour among them) then run on the colours as they are.
      const unseen = first.count === 0;
      for (const look of unseen ? [greyOf, swapRedBlue] : []) {
        const again = await m.find(look(job.rgb), job.width, job.height);
        if (again.count === 1 && again.landmarks.length === 68) {
          first = again;
          break;
        }
        await again.describe(false);
      }
      if (unseen) t.lap('colour looks');
      // A rolled head: the landmarks again on the frame levelled about the eyes, mapped back, so the
      // eyes', mouth's and pose's measures do not move with the roll (the roll itself stays eyeAngle's).
      if (first.count === 1 && first.landmarks.length === 68) {
        const roll = rollOf(first.landmarks);
        if (Math.abs(roll.angle) > ROLL_RELEVEL) {
          const level = levelFrame(job.rgb, job.width, job.height, roll.centre, roll.angle);
          const again = await m.find(level.rgb, job.width, job.height);
          if (again.count === 1 && again.landmarks.length === 68) {
            await first.describe(false);
            first = { ...again, others: first.others, landmarks: again.landmarks.map(level.back) };
          } else await again.describe(false);
          t.lap('levelled look');
        }
      }
      const mask = seg.segment(job.rgb, job.width, job.height);
      t.lap('person mask');
      // The second look along the side edges when skin shows there beside the head: a head half
      // cut off at an edge (someone behind) is a second face.
      const skin = first.count === 1 && first.landmarks.length === 68 ? edgeSkin(frame, first.landmarks) : 0;
      if (skin > EDGE_SKIN) {
        const edge = await m.edgeFaces(job.rgb, job.width, job.height);
        if (edge.length) first = { ...first, others: [...(first.others ?? []), ...edge] };
        t.lap('edge look');
      }
      const measured = measure(frame, first, job.bounds, mask, t.lap);
      const passed = checkPasses(measured);
      const check = passed ? measured : { ...measured, problems: photoProblems(measured) };
      // The descriptor (face recognition net) only for photos that will be kept.
      const descriptor = await first.describe(passed && job.describe !== false);
      t.lap('descriptor');
      const reply: CheckReply = { id: job.id, ok: true, check, passed, descriptor, faces: first.count, stages: t.ms };
      if (first.count === 1 && first.landmarks.length === 68) reply.landmarks = first.landmarks;
      parentPort?.postMessage(reply);
    } catch (err) {
      parentPort?.postMessage({ id: job.id, ok: false, error: (err as Error).message } satisfies CheckReply);
    }
  })();
});
