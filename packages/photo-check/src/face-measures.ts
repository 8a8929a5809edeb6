import type { Frame } from './frame.ts';

type Pt = { x: number; y: number };

const d = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y);
const lumaAt = (f: Frame, x: number, y: number) => {
  const i = (y * f.width + x) * 3;
  return 0.299 * f.data[i]! + 0.587 * f.data[i + 1]! + 0.114 * f.data[i + 2]!;
};

/**
 * Head yaw in degrees from the 68 landmarks: where the nose tip (30) sits between the two
 * jaw ends (0, 16). Facing the camera it sits half way; turned, it moves towards one side.
 * The sine model (a point on a cylinder) turns that position into an angle.
 */
export function yawDegrees(lm: Pt[]): number {
  const l = lm[0]!.x;
  const r = lm[16]!.x;
  const pos = (lm[30]!.x - l) / Math.max(1, r - l);
  return (Math.asin(Math.max(-1, Math.min(1, 2 * pos - 1))) * 180) / Math.PI;
}

/**
 * Head pitch from the 68 landmarks, as the nose tip's height between the eye line and the chin,
 * in per cent (about 40 facing the camera; smaller when the head is raised, larger when lowered).
 */
export function pitchRatio(lm: Pt[]): number {
  const eyeY = (lm[36]!.y + lm[39]!.y + lm[42]!.y + lm[45]!.y) / 4;
  return (100 * (lm[33]!.y - eyeY)) / Math.max(1, lm[8]!.y - eyeY);
}

/** Eye aspect ratio (Soukupová and Čech 2016), the mean of both eyes, in per cent: about 30 open, under 15 closed. */
export function eyeAspect(lm: Pt[]): number {
  const one = (o: number) =>
    (d(lm[o + 1]!, lm[o + 5]!) + d(lm[o + 2]!, lm[o + 4]!)) / (2 * Math.max(1, d(lm[o]!, lm[o + 3]!)));
  return (100 * (one(36) + one(42))) / 2;
}

/** Mouth opening: the inner lips' gap (61-67, 62-66, 63-65) over the mouth's width (48-54), in per cent. */
export function mouthOpening(lm: Pt[]): number {
  const gap = (d(lm[61]!, lm[67]!) + d(lm[62]!, lm[66]!) + d(lm[63]!, lm[65]!)) / 3;
  return (100 * gap) / Math.max(1, d(lm[48]!, lm[54]!));
}

/** The skin box of a face: between the outer eye corners, from the eye line to the mouth. */
export function skinBox(lm: Pt[]) {
  const eyeY = (lm[36]!.y + lm[45]!.y) / 2;
  return { x0: lm[36]!.x, x1: lm[45]!.x, y0: eyeY - (lm[33]!.y - eyeY) * 0.6, y1: lm[51]!.y };
}

/** Luminance of the face: mean, spread, and the shares of crushed (≤ 20) and blown (≥ 250) pixels. */
export function faceLight(f: Frame, box: { x0: number; x1: number; y0: number; y1: number }) {
  const x0 = Math.max(0, Math.round(box.x0));
  const x1 = Math.min(f.width, Math.round(box.x1));
  const y0 = Math.max(0, Math.round(box.y0));
  const y1 = Math.min(f.height, Math.round(box.y1));
  let s = 0;
  let sq = 0;
  let n = 0;
  let blown = 0;
  const hist = new Uint32Array(256);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = lumaAt(f, x, y);
      s += v;
      sq += v * v;
      n++;
      if (v >= 250) blown++;
      hist[Math.round(v)]!++;
    }
  }
  if (!n) return { mean: 0, std: 0, blown: 0, p95: 0 };
  let acc = 0;
  let p95 = 255;
  for (let v = 0; v < 256; v++) {
    acc += hist[v]!;
    if (acc >= 0.95 * n) {
      p95 = v;
      break;
    }
  }
  const mean = s / n;
  return { mean, std: Math.sqrt(Math.max(0, sq / n - mean * mean)), blown: blown / n, p95 };
}

/** The brightest 1 % of the whole frame (a dark photo has nothing bright anywhere, whatever the skin). */
export function frameHighlight(f: Frame): number {
  const hist = new Uint32Array(256);
  const n = f.width * f.height;
  const d = f.data;
  // Every other pixel (j is its first byte).
  for (let j = 0; j < n * 3; j += 6) hist[Math.round(0.299 * d[j]! + 0.587 * d[j + 1]! + 0.114 * d[j + 2]!)]!++;
  let acc = 0;
  for (let v = 255; v >= 0; v--) {
    acc += hist[v]!;
    if (acc >= 0.01 * (n / 2)) return v;
  }
  return 0;
}

/**
 * JPEG blockiness: the mean luminance step across the 8 x 8 block edges over the mean step
 * inside the blocks, on a box (the face). About 1 for a good photo; a heavily compressed one
 * is flat inside its blocks and steps at their edges, so the ratio rises (2 and more).
 */
export function blockiness(f: Frame, box: { x0: number; x1: number; y0: number; y1: number }): number {
  const x0 = Math.max(1, Math.round(box.x0));
  const x1 = Math.min(f.width - 1, Math.round(box.x1));
  const y0 = Math.max(1, Math.round(box.y0));
  const y1 = Math.min(f.height - 1, Math.round(box.y1));
  let edge = 0;
  let edgeN = 0;
  let inner = 0;
  let innerN = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const v = lumaAt(f, x, y);
      const h = Math.abs(v - lumaAt(f, x - 1, y));
      const w = Math.abs(v - lumaAt(f, x, y - 1));
      if (x % 8 === 0) {
        edge += h;
        edgeN++;
      } else {
        inner += h;
        innerN++;
      }
      if (y % 8 === 0) {
        edge += w;
        edgeN++;
      } else {
        inner += w;
        innerN++;
      }
    }
  }
  const e = edge / Math.max(1, edgeN);
  const i = inner / Math.max(1, innerN);
  return e / Math.max(0.5, i);
}
