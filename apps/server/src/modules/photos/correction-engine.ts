import type { FaceModel } from './face-model.ts';
import type { PersonSegmenter } from './person-mask.ts';
import type { CheckJob } from './check-worker.ts';
import type { PhotoCheckBounds } from './check-config.ts';
import { maskHeadTop } from './measure.ts';
import { replaceBackground } from './correction-matte.ts';

/** The colours of the new background: the standard light blue, white, light grey. */
export const BACKGROUND_RGB = {
  blue: [100, 197, 255],
  white: [255, 255, 255],
  grey: [225, 225, 225],
} as const satisfies Record<string, readonly [number, number, number]>;

/** What a correction job carries besides the original (CheckJob.rgb). */
export interface CorrectionSpec {
  /** The check's own 480 x 640 frame of the photo (normalise): the landmarks are found on it. */
  frame: Uint8Array;
  background: keyof typeof BACKGROUND_RGB;
  /** A background item failed: replace it. */
  fixBackground: boolean;
  /** A framing item (a side, the eye line's roll) failed: rotate, scale and place the head. */
  reframe: boolean;
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
export function placeHead(h: Head, b: PhotoCheckBounds): { k: number; ty: number } | null {
  const wantW = b.width - b.leftSide.min - b.leftSide.max;
  const wMin = b.width - b.leftSide.max - b.rightSide.max;
  const wMax = b.width - b.leftSide.min - b.rightSide.min;
  const half = (r: { min: number; max: number }) => (r.max - r.min) / 2;
  let best: { k: number; ty: number; cost: number } | null = null;
  for (let i = 0; i <= 60; i++) {
    const k = (wMin + ((wMax - wMin) * i) / 60) / h.width;
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
      ((k * h.width - wantW) / half(b.leftSide)) ** 2 +
      ((eye - mid(b.eyeSide)) / half(b.eyeSide)) ** 2 +
      ((top - mid(b.topSide)) / half(b.topSide)) ** 2;
    if (!best || cost < best.cost) best = { k, ty, cost };
  }
  return best && { k: best.k, ty: best.ty };
}

/** Bilinear sample of an RGB image into out[o..o+2]; false when (x, y) lies outside it. */
function sample(src: Uint8Array, w: number, h: number, x: number, y: number, out: Uint8Array, o: number): boolean {
  if (x < -0.5 || y < -0.5 || x > w - 0.5 || y > h - 0.5) return false;
  const xc = Math.min(w - 1, Math.max(0, x));
  const yc = Math.min(h - 1, Math.max(0, y));
  const x0 = Math.min(w - 2, Math.floor(xc));
  const y0 = Math.min(h - 2, Math.floor(yc));
  const fx = xc - x0;
  const fy = yc - y0;
  const i00 = (y0 * w + x0) * 3;
  const i10 = i00 + 3;
  const i01 = i00 + w * 3;
  const i11 = i01 + 3;
  for (let c = 0; c < 3; c++) {
    const top = src[i00 + c]! + (src[i10 + c]! - src[i00 + c]!) * fx;
    const bot = src[i01 + c]! + (src[i11 + c]! - src[i01 + c]!) * fx;
    out[o + c] = Math.round(top + (bot - top) * fy);
  }
  return true;
}

/** Warps the source into a width x height frame; `outside` marks the pixels the source does not cover. */
export function warp(src: Uint8Array, sw: number, sh: number, t: Affine, width: number, height: number) {
  const rgb = new Uint8Array(width * height * 3);
  const outside = new Uint8Array(width * height);
  let count = 0;
  for (let v = 0; v < height; v++) {
    for (let u = 0; u < width; u++) {
      const i = v * width + u;
      const x = t.a * u + t.b * v + t.c;
      const y = t.d * u + t.e * v + t.f;
      if (!sample(src, sw, sh, x, y, rgb, i * 3)) {
        outside[i] = 1;
        count++;
      }
    }
  }
  return { rgb, outside, outsideShare: count / (width * height) };
}

/** The head on the check's frame: landmarks, head top from the person mask, all levelled. */
async function findHead(frame: Uint8Array, b: PhotoCheckBounds, model: FaceModel, seg: PersonSegmenter) {
  const face = await model.find(frame, b.width, b.height);
  await face.describe(false);
  if (face.count !== 1 || face.landmarks.length !== 68) return null;
  const lm = face.landmarks;
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
  const mask = seg.segment(frame, b.width, b.height);
  const faceW = Math.hypot(lm[16]!.x - lm[0]!.x, lm[16]!.y - lm[0]!.y);
  const cx0 = (lm[0]!.x + lm[16]!.x) / 2;
  const top0 = maskHeadTop(
    mask,
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
  job: CheckJob,
  spec: CorrectionSpec,
  model: FaceModel,
  seg: PersonSegmenter,
): Promise<CorrectedFrame | null> {
  const b = job.bounds;
  const head = await findHead(spec.frame, b, model, seg);
  if (!head) return null;
  const steps: string[] = [];
  // Frame -> levelled frame -> output: rotation about the eyes by -angle, then scale k and shift.
  let angle = 0;
  let k = 1;
  let tx = 0;
  let ty = 0;
  if (spec.reframe) {
    const place = placeHead(head, b);
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
  const out = warp(job.rgb, job.width, job.height, t, b.width, b.height);
  if (out.outsideShare > 0.25) return null;
  if (spec.fixBackground || out.outsideShare > 0) {
    replaceBackground(out.rgb, out.outside, b.width, b.height, BACKGROUND_RGB[spec.background], seg);
    steps.push('background');
  }
  return { rgb: out.rgb, steps };
}
