import type { FaceModel } from './face-model.ts';
import type { PersonSegmenter } from './person-mask.ts';
import type { PhotoCheckBounds } from './bounds.ts';
import { maskHeadTop } from './measure.ts';
import { replaceBackground, smoothContinued } from './correction-matte.ts';
import { bytePlane } from './correction-filters.ts';
import { noLap, type Lap } from './stage-timer.ts';
import { clean, correctionLeftovers } from './correction-leftovers.ts';
import { clearBlurredSides } from './correction-blur-sides.ts';

/** The colours of the new background: the standard light blue, white, light grey. */
export const BACKGROUND_RGB = {
  blue: [100, 197, 255],
  white: [255, 255, 255],
  grey: [225, 225, 225],
} as const satisfies Record<string, readonly [number, number, number]>;

/** What a correction job carries besides the original (CheckJob.rgb). */
export interface CorrectionSpec {
  /** The check's own 480 x 640 frame of the photo (normalise), to find the landmarks on when not given. */
  frame?: Uint8Array;
  background: keyof typeof BACKGROUND_RGB;
  /** A background item failed: replace it. */
  fixBackground: boolean;
  /** A framing item (a side, the eye line's roll) failed: rotate, scale and place the head. */
  reframe: boolean;
  /** 'middle': face width in the middle of its band; 'least': the least enlargement that is inside every band. */
  zoom?: 'middle' | 'least';
  /** The check's landmarks and head top on the frame, when it gave them (CheckReply.landmarks, topSide). */
  landmarks?: Pt[];
  headTop?: number;
}

/** The original a correction works from (a CheckJob carrying a correction): upright RGB at any size. */
export interface OriginalFrame {
  rgb: Uint8Array;
  width: number;
  height: number;
  bounds: PhotoCheckBounds;
}

export interface CorrectedFrame {
  /** 480 x 640 RGB. */
  rgb: Uint8Array;
  steps: string[];
}

type Pt = { x: number; y: number };
const mid = (r: { min: number; max: number }) => (r.min + r.max) / 2;
const meanPt = (ps: Pt[]) => ({
  x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
  y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
});

/** Output pixel -> source pixel: sx = a u + b v + c, sy = d u + e v + f. */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

/** The head's measures on the check's frame, after levelling the eyes (rotation about the eyes' middle). */
interface Head {
  eyes: Pt;
  angle: number;
  /** In the levelled frame: jaw ends' middle (x), face width, head top, eye line, chin. */
  cx: number;
  width: number;
  top: number;
  eyeY: number;
  chin: number;
}

/**
 * Scale and vertical place that put the face width, the eye line and the head top nearest the
 * middle of their bands (each distance weighed by its band's half width), within every band.
 */
export function placeHead(
  h: Head,
  b: PhotoCheckBounds,
  zoom: 'middle' | 'least' = 'middle',
): { k: number; ty: number } | null {
  const wantW = b.width - b.leftSide.min - b.leftSide.max;
  const wMin = b.width - b.leftSide.max - b.rightSide.max;
  const wMax = b.width - b.leftSide.min - b.rightSide.min;
  const half = (r: { min: number; max: number }) => (r.max - r.min) / 2;
  let best: { k: number; ty: number; cost: number } | null = null;
  for (let i = 0; i <= 60; i++) {
    // A few pixels inside the face-width band too: the re-check measures the jaw afresh.
    const k = (wMin + 6 + ((wMax - wMin - 12) * i) / 60) / h.width;
    // Best ty for this k: the weighted mean of what each target asks.
    const we = 1 / half(b.eyeSide) ** 2;
    const wt = 1 / half(b.topSide) ** 2;
    const ty = (we * (mid(b.eyeSide) - k * h.eyeY) + wt * (mid(b.topSide) - k * h.top)) / (we + wt);
    const eye = ty + k * h.eyeY;
    const top = ty + k * h.top;
    const chinSide = b.height - (ty + k * h.chin);
    const inside = (v: number, r: { min: number; max: number }, m: number) => v >= r.min + m && v <= r.max - m;
    if (!inside(eye, b.eyeSide, 4) || !inside(top, b.topSide, 4) || !inside(chinSide, b.chinSide, 4)) continue;
    const cost =
      (zoom === 'least' ? 10 * Math.max(0, k - 1) : 0) +
      ((k * h.width - wantW) / half(b.leftSide)) ** 2 +
      ((eye - mid(b.eyeSide)) / half(b.eyeSide)) ** 2 +
      ((top - mid(b.topSide)) / half(b.topSide)) ** 2;
    if (!best || cost < best.cost) best = { k, ty, cost };
  }
  return best && { k: best.k, ty: best.ty };
}

/** Catmull-Rom weights of the four taps around a fractional position t. */
function cubic(t: number, wt: Float64Array): void {
  const t2 = t * t;
  const t3 = t2 * t;
  wt[0] = 0.5 * (-t3 + 2 * t2 - t);
  wt[1] = 0.5 * (3 * t3 - 5 * t2 + 2);
  wt[2] = 0.5 * (-3 * t3 + 4 * t2 + t);
  wt[3] = 0.5 * (t3 - t2);
}

/**
 * Warps the source into a width x height frame (bicubic, Catmull-Rom: a scaled-up face keeps
 * its sharpness better than with bilinear). Where the frame reaches past the source the edge is
 * continued, and `outside` says so: 1 above `continueBelow` (background to be), 2 below it
 * (the shoulders go on past the original's edge).
 */
export function warp(
  src: Uint8Array,
  sw: number,
  sh: number,
  t: Affine,
  width: number,
  height: number,
  continueBelow: number,
) {
  // The frame goes back to the caller (transferred); which pixels lie outside stays in the worker.
  const rgb = new Uint8Array(width * height * 3);
  const outside = bytePlane('warp outside', width * height).fill(0);
  const wx = new Float64Array(4);
  const wy = new Float64Array(4);
  const row = sw * 3;
  let count = 0;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      let x = t.a * u + t.b * v + t.c;
      let y = t.d * u + t.e * v + t.f;
      if (x < -0.5 || y < -0.5 || x > sw - 0.5 || y > sh - 0.5) {
        outside[i] = v > continueBelow ? 2 : 1;
        count++;
        x = Math.min(sw - 1, Math.max(0, x));
        y = Math.min(sh - 1, Math.max(0, y));
      }
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      let r = 0;
      let g = 0;
      let bl = 0;
      if (x0 >= 1 && y0 >= 1 && x0 < sw - 2 && y0 < sh - 2) {
        // Inside: the sixteen taps unrolled, the weights in locals (the same sums in the same order).
        const tx = x - x0;
        const tx2 = tx * tx;
        const tx3 = tx2 * tx;
        const x0w = 0.5 * (-tx3 + 2 * tx2 - tx);
        const x1w = 0.5 * (3 * tx3 - 5 * tx2 + 2);
        const x2w = 0.5 * (-3 * tx3 + 4 * tx2 + tx);
        const x3w = 0.5 * (tx3 - tx2);
        const ty = y - y0;
        const ty2 = ty * ty;
        const ty3 = ty2 * ty;
        let o = ((y0 - 1) * sw + x0 - 1) * 3;
        for (let j = 0; j < 4; j++) {
          const wyj =
            j === 0
              ? 0.5 * (-ty3 + 2 * ty2 - ty)
              : j === 1
                ? 0.5 * (3 * ty3 - 5 * ty2 + 2)
                : j === 2
                  ? 0.5 * (-3 * ty3 + 4 * ty2 + ty)
                  : 0.5 * (ty3 - ty2);
          let w = x0w * wyj;
          r += w * src[o]!;
          g += w * src[o + 1]!;
          bl += w * src[o + 2]!;
          w = x1w * wyj;
          r += w * src[o + 3]!;
          g += w * src[o + 4]!;
          bl += w * src[o + 5]!;
          w = x2w * wyj;
          r += w * src[o + 6]!;
          g += w * src[o + 7]!;
          bl += w * src[o + 8]!;
          w = x3w * wyj;
          r += w * src[o + 9]!;
          g += w * src[o + 10]!;
          bl += w * src[o + 11]!;
          o += row;
        }
      } else {
        cubic(x - x0, wx);
        cubic(y - y0, wy);
        for (let j = 0; j < 4; j++) {
          const yy = Math.min(sh - 1, Math.max(0, y0 - 1 + j));
          const wyj = wy[j]!;
          for (let k = 0; k < 4; k++) {
            const xx = Math.min(sw - 1, Math.max(0, x0 - 1 + k));
            const w = wx[k]! * wyj;
            const o = (yy * sw + xx) * 3;
            r += w * src[o]!;
            g += w * src[o + 1]!;
            bl += w * src[o + 2]!;
          }
        }
      }
      const o = i * 3;
      rgb[o] = r < 0 ? 0 : r > 255 ? 255 : Math.round(r);
      rgb[o + 1] = g < 0 ? 0 : g > 255 ? 255 : Math.round(g);
      rgb[o + 2] = bl < 0 ? 0 : bl > 255 ? 255 : Math.round(bl);
    }
  }
  return { rgb, outside, outsideShare: count / (width * height) };
}

/**
 * The head on the check's frame, levelled: the check's own landmarks and head top when the job
 * carries them (no second detection), else found again (face model, person mask).
 */
async function findHead(spec: CorrectionSpec, b: PhotoCheckBounds, model: FaceModel, seg: PersonSegmenter) {
  const frame = spec.frame ?? new Uint8Array(0);
  let lm = spec.landmarks ?? [];
  if (lm.length !== 68) {
    if (!spec.frame) return null;
    const face = await model.find(frame, b.width, b.height);
    await face.describe(false);
    if (face.count !== 1 || face.landmarks.length !== 68) return null;
    lm = face.landmarks;
  }
  const eyeL = meanPt(lm.slice(36, 42));
  const eyeR = meanPt(lm.slice(42, 48));
  const eyes = { x: (eyeL.x + eyeR.x) / 2, y: (eyeL.y + eyeR.y) / 2 };
  const angle = Math.atan2(eyeR.y - eyeL.y, eyeR.x - eyeL.x);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const level = (p: Pt) => ({
    x: eyes.x + cos * (p.x - eyes.x) - sin * (p.y - eyes.y),
    y: eyes.y + sin * (p.x - eyes.x) + cos * (p.y - eyes.y),
  });
  const faceW = Math.hypot(lm[16]!.x - lm[0]!.x, lm[16]!.y - lm[0]!.y);
  const cx0 = (lm[0]!.x + lm[16]!.x) / 2;
  const top0 =
    spec.headTop ??
    maskHeadTop(
      seg.segment(frame, b.width, b.height),
      { data: frame, width: b.width, height: b.height },
      cx0,
      faceW * 0.25,
      Math.round(eyes.y),
    );
  const jawL = level(lm[0]!);
  const jawR = level(lm[16]!);
  // The head top point lies above the face centre, perpendicular to the eye line.
  const top = level({ x: cx0 + Math.sin(angle) * (eyes.y - top0), y: top0 });
  return {
    eyes,
    angle,
    cx: (jawL.x + jawR.x) / 2,
    width: jawR.x - jawL.x,
    top: top.y,
    eyeY: eyes.y,
    chin: level(lm[8]!).y,
  } satisfies Head;
}

/**
 * The correction in a worker: the landmarks on the check's frame give the roll and the head's
 * measures; one affine map (level the eyes, scale, place) takes the output back to the original;
 * then, when the background failed or the frame reaches past the original, a new background
 * through the person matte (correction-matte.ts). Null when the head cannot be placed.
 */
export async function correctFrame(
  job: OriginalFrame,
  spec: CorrectionSpec,
  model: FaceModel,
  seg: PersonSegmenter,
  lap: Lap = noLap,
): Promise<CorrectedFrame | null> {
  const b = job.bounds;
  const head = await findHead(spec, b, model, seg);
  lap('find head');
  if (!head) return null;
  const steps: string[] = [];
  // Frame -> levelled frame -> output: rotation about the eyes by -angle, then scale k and shift.
  let angle = 0;
  let k = 1;
  let tx = 0;
  let ty = 0;
  if (spec.reframe) {
    const place = placeHead(head, b, spec.zoom);
    if (!place) return null;
    angle = Math.abs(head.angle) > (0.5 * Math.PI) / 180 ? head.angle : 0;
    k = place.k;
    ty = place.ty;
    tx = b.width / 2 - k * head.cx;
    if (angle) steps.push('roll');
    steps.push('crop');
  }
  // Inverse: output (u, v) -> levelled (p) -> frame (rotate back by +angle about the eyes) -> source.
  const cover = Math.max(b.width / job.width, b.height / job.height);
  const offX = (job.width * cover - b.width) / 2;
  const offY = (job.height * cover - b.height) / 2;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // levelled p = ((u - tx) / k, (v - ty) / k); frame q = E + R(angle) (p - E); source s = (q + off) / cover.
  const E = head.eyes;
  const t: Affine = {
    a: cos / k / cover,
    b: -sin / k / cover,
    c: (E.x + cos * (-tx / k - E.x) - sin * (-ty / k - E.y) + offX) / cover,
    d: sin / k / cover,
    e: cos / k / cover,
    f: (E.y + sin * (-tx / k - E.x) + cos * (-ty / k - E.y) + offY) / cover,
  };
  // Below the chin the body goes on past the original's edge; above it only background.
  const chinOut = ty + k * head.chin;
  const out = warp(job.rgb, job.width, job.height, t, b.width, b.height, spec.reframe ? chinOut : b.height);
  lap('rotate/resample');
  if (out.outsideShare > 0.25) return null;
  smoothContinued(out.rgb, out.outside, b.width, b.height);
  lap('continue edge');
  if (spec.fixBackground || out.outsideShare > 0) {
    replaceBackground(out.rgb, out.outside, b.width, b.height, BACKGROUND_RGB[spec.background], seg, lap);
    steps.push('background');
    // Blurred pieces of the old scene the person mask kept at the sides go the new colour; then the
    // re-check looks at the background clear of the border: here the full border band and every
    // edge column, so a patch or a strip of the old picture is never offered as passed.
    const mask = seg.segment(out.rgb, b.width, b.height);
    clearBlurredSides(out.rgb, b.width, b.height, mask, BACKGROUND_RGB[spec.background], out.outside);
    const left = correctionLeftovers(out.rgb, b.width, b.height, BACKGROUND_RGB[spec.background], mask);
    lap('leftovers');
    if (!clean(left)) return null;
  }
  return { rgb: out.rgb, steps };
}
