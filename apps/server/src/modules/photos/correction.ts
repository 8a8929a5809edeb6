import sharp from 'sharp';
import { loadPhotoConfig } from '../../config/photo-check.ts';
import type { PhotoCheckBounds } from '@portal/photo-check/bounds';
import type { CheckPool } from './check-pool.ts';
import type { Config } from '../../config.ts';
import { normalise } from './decode.ts';
import { failingItems } from '@portal/photo-check/check-result';
import { stageTimer } from '@portal/photo-check/stage-timer';

/** The background colour a corrected photo gets (the order's school decides; blue by default). */
export type CorrectionBackground = 'blue' | 'white' | 'grey';

/** The check's answer for one photo, as the pool gives it (check items, verdict, face descriptor). */
export type CheckOutcome = Awaited<ReturnType<CheckPool['check']>>;

/** A corrected photo: its JPEG (480 x 640), the same check's answer for it, and what was done. */
export interface Correction {
  bytes: Buffer;
  result: CheckOutcome;
  /** In the order done: 'roll' (eyes levelled), 'crop' (scaled and placed), 'background' (replaced). */
  steps: string[];
  /**
   * Milliseconds per stage (stage-timer.ts), for the benchmark: this thread's (decode source,
   * encode, re-check decode), the worker's correction stages, the re-check's worker time as
   * 're-check', and 'hand-over' (queue and copies between the threads).
   */
  stages: Record<string, number>;
}

/** What correctIfFixable needs of the app: the check's bounds and the pool's settings (an AppContext fits). */
export interface CorrectionContext {
  config: Pick<Config, 'photos' | 'faceModel'>;
}

/**
 * Items a machine may put right: where the head sits and how big (a crop and a scale), the roll
 * of the eye line (a rotation), and the background (an alpha matte and a new colour).
 * Anything else failing (blur, light, pose, eyes, mouth, a second face, a cut-off head,
 * compression) is the student's to fix: no corrected version then.
 */
export const FIXABLE_ITEMS: ReadonlySet<string> = new Set([
  'topSide',
  'eyeSide',
  'leftSide',
  'rightSide',
  'chinSide',
  'eyeAngle',
  'background',
  'backgroundout',
  'backgroundUniformity',
  'blackSide',
]);

/** The failing items no machine may fix, [] when every failing item is fixable. */
export function unfixableItems(r: CheckOutcome): string[] {
  const failing = failingItems(r.check);
  // Yaw is read from the landmarks' x positions, so a rolled head reads as turned too (the nose
  // tip, below the eye line, swings sideways; about 7 degrees for a 10 degree roll): with the
  // roll failing, a yaw over its bound by no more than the roll may be the roll's doing. The
  // corrected photo's own yaw then decides, as every item does; a profile stays unfixable.
  const { yaw, eyeAngle } = r.check;
  const rolled = failing.includes('eyeAngle') && !!yaw && Math.abs(yaw.value) <= yaw.max + Math.abs(eyeAngle.angle);
  return failing.filter((k) => !FIXABLE_ITEMS.has(k) && !(k === 'yaw' && rolled));
}

/**
 * A corrected version of a refused photo, or null: when it passes already, when any failing
 * item is one no machine may fix, or when the corrected photo does not pass the same check.
 * The work (landmarks, rotation, crop, matte, new background) runs in a check worker.
 */
export async function correctIfFixable(
  ctx: CorrectionContext,
  original: Buffer,
  originalResult: CheckOutcome,
  opts: { background: CorrectionBackground; pool: CheckPool },
): Promise<Correction | null> {
  if (originalResult.passed || originalResult.faces !== 1) return null;
  if (unfixableItems(originalResult).length) return null;
  let c = await correctionCandidate(ctx, original, originalResult, { ...opts, zoom: 'middle' });
  // An enlarged face can lose the sharpness the check asks for: then the least enlargement
  // that still puts it inside every band.
  const soft = c && failingItems(c.result.check).every((k) => k === 'definition' || k === 'sharpness');
  if (c && !c.result.passed && soft && c.steps.includes('crop')) {
    c = await correctionCandidate(ctx, original, originalResult, { ...opts, zoom: 'least' });
  }
  return c?.result.passed ? c : null;
}

/**
 * The engine's corrected photo and the check's answer for it, whether it passes or not (tests
 * and the benchmark look at the misses); null when the engine found nothing to place.
 */
export async function correctionCandidate(
  ctx: CorrectionContext,
  original: Buffer,
  originalResult: CheckOutcome,
  opts: { background: CorrectionBackground; pool: CheckPool; zoom?: 'middle' | 'least' },
): Promise<Correction | null> {
  const t = stageTimer();
  const failing = failingItems(originalResult.check);
  const b = ctx.config.photos.bounds;
  const pool = opts.pool;
  const given = originalResult.landmarks?.length === 68;
  const frame = given ? undefined : (await normalise(original, 'task', b)).rgb;
  const fixBackground = failing.some((k) => k.startsWith('background') || k === 'blackSide');
  const reframe = failing.some((k) => k.endsWith('Side') && k !== 'blackSide') || failing.includes('eyeAngle');
  const release = await sourceSlot(pool);
  t.lap('wait for a source slot');
  let out: Awaited<ReturnType<CheckPool['correct']>>;
  try {
    const source = await decodeSource(original, originalResult, b);
    t.lap('decode source');
    out = await pool.correct({
      rgb: source.rgb,
      width: source.width,
      height: source.height,
      bounds: b,
      correct: {
        frame,
        background: opts.background,
        fixBackground,
        reframe,
        zoom: opts.zoom,
        landmarks: originalResult.landmarks,
        headTop: originalResult.check.topSide.value,
      },
    });
  } finally {
    release();
  }
  const inWorker = (s: Record<string, number> | undefined) => Object.values(s ?? {}).reduce((a, v) => a + v, 0);
  t.lap('worker');
  if (!out.corrected) return null;
  const bytes = await sharp(Buffer.from(out.corrected.rgb), { raw: { width: b.width, height: b.height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
  t.lap('encode');
  // The same check as an upload: decoded afresh from the JPEG the student would get. It is
  // already 480 x 640, upright and without metadata: a plain decode gives the pixels the
  // upload's normalise would (no resize, no second encode). No descriptor: accepting the
  // candidate checks it again and keeps that answer's.
  const again = await sharp(bytes, { failOn: 'error' }).removeAlpha().toColourspace('srgb').raw().toBuffer();
  t.lap('re-check decode');
  const result = await pool.check({
    rgb: new Uint8Array(again.buffer, again.byteOffset, again.byteLength).slice(),
    width: b.width,
    height: b.height,
    bounds: b,
    describe: false,
  });
  t.lap('re-check');
  const stages: Record<string, number> = { ...t.ms, ...out.stages, 're-check': inWorker(result.stages) };
  stages['hand-over'] = t.ms.worker! + t.ms['re-check']! - inWorker(out.stages) - stages['re-check']!;
  delete stages.worker;
  return { bytes, result, steps: out.corrected.steps, stages };
}

/**
 * A turn to decode an original and hand it to the pool: at most one more than the pool has
 * workers at a time. More decoded originals would only wait in the queue, in memory (a burst
 * of uploads held every original, some MB each, while the workers took them one by one).
 */
async function sourceSlot(pool: CheckPool): Promise<() => void> {
  const slot = pool.decodeTurns;
  while (slot.free <= 0) await new Promise<void>((r) => slot.waiting.push(r));
  slot.free--;
  return () => {
    slot.free++;
    slot.waiting.shift()?.();
  };
}

/**
 * The original, upright, at a size where the output samples it about one to one: the check's
 * frame is the original scaled to cover 480 x 640, and the face must grow (or shrink) to the
 * middle of the face-width band, so the source needs (that zoom) x (the cover scale) of the original.
 */
async function decodeSource(original: Buffer, r: CheckOutcome, b: PhotoCheckBounds) {
  const img = sharp(original, { limitInputPixels: b.maxPixels, failOn: 'error' }).rotate();
  const meta = await sharp(original).metadata();
  const swap = (meta.orientation ?? 1) >= 5;
  const w = (swap ? meta.height : meta.width) ?? b.width;
  const h = (swap ? meta.width : meta.height) ?? b.height;
  const cover = Math.max(b.width / w, b.height / h);
  const faceW = Math.max(20, b.width - r.check.leftSide.value - r.check.rightSide.value);
  // The middle of the margin bands leaves the middle of the face-width band (480 - 2 x 120 = 240).
  const zoom = (b.width - b.leftSide.min - b.leftSide.max) / faceW;
  const scale = Math.min(1, 1.25 * zoom * cover);
  const raw = await img
    .resize(Math.max(1, Math.round(w * scale)), Math.max(1, Math.round(h * scale)), { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: new Uint8Array(raw.data), width: raw.info.width, height: raw.info.height };
}

/** A context for tests and the benchmark (default bounds and detector, pool size `workers`). */
export function plainCorrectionContext(workers = 1): CorrectionContext {
  return { config: { photos: { ...loadPhotoConfig({}), workers }, faceModel: { detector: 'tiny', tinyInput: 320 } } };
}
