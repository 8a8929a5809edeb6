import type { PersonSegmenter } from './person-mask.ts';
import { boxCount, boxSum, bytePlane, guidedFilter, indexPlane, plane, upsample } from './correction-filters.ts';
import { noLap, type Lap } from './stage-timer.ts';

/**
 * Only the person: the part of the matte joined to the frame's lower middle (the face and
 * shoulders) by more than a thin bridge (the sure part, eroded by ERODE px, is followed, then
 * grown back), and soft values near it. Islands elsewhere, or a blurred shoulder of someone
 * behind touching at a corner, are background.
 */
function keepPerson(alpha: Float32Array, w: number, h: number): void {
  const n = w * h;
  const ERODE = 5;
  const sure = plane('keep sure', n);
  for (let i = 0; i < n; i++) sure[i] = alpha[i]! > 0.5 ? 1 : 0;
  const sums = boxSum(sure, w, h, ERODE, sure);
  const cells = boxCount(w, h, ERODE);
  const core = bytePlane('keep core', n);
  for (let i = 0; i < n; i++) core[i] = sums[i]! >= cells[i]! - 0.5 ? 1 : 0;
  const inside = bytePlane('keep inside', n).fill(0);
  let seed = -1;
  for (let y = Math.round(h * 0.45); y < h && seed < 0; y++)
    for (let dx = 0; dx < w / 4 && seed < 0; dx++)
      for (let side = 0; side < 2 && seed < 0; side++) {
        const i = y * w + Math.round(side ? w / 2 - dx : w / 2 + dx);
        if (core[i]) seed = i;
      }
  if (seed < 0) return;
  // A flood fill with its stack in a kept plane: each pixel is pushed once at most (marked when pushed).
  const stack = indexPlane('keep stack', n);
  let top = 0;
  stack[top++] = seed;
  inside[seed] = 1;
  const visit = (j: number) => {
    if (!inside[j] && core[j]) {
      inside[j] = 1;
      stack[top++] = j;
    }
  };
  while (top) {
    const i = stack[--top]!;
    const x = i % w;
    if (i >= w) visit(i - w);
    if (i + w < n) visit(i + w);
    if (x > 0) visit(i - 1);
    if (x < w - 1) visit(i + 1);
  }
  // Grown back by the erosion (the person's own edge), then a margin for soft hair.
  const insideF = plane('keep inside f', n);
  for (let i = 0; i < n; i++) insideF[i] = inside[i]!;
  const grown = boxSum(insideF, w, h, ERODE + 1, plane('keep grown', n));
  const near = boxSum(insideF, w, h, ERODE + 10, sure);
  for (let i = 0; i < n; i++) if ((alpha[i]! > 0.5 && !grown[i]!) || near[i]! === 0) alpha[i] = 0;
}

/**
 * Near the matte's edge, each pixel's colour against the sure person and the sure background
 * around it (the nearest colour of each, so a striped or leafy background is matched stripe by
 * stripe): a pixel nearer a background colour than a person colour loses its alpha. It only
 * ever lowers the alpha, so the person's inside is left alone.
 */
export function colourCheck(rgb: Uint8Array, alpha: Float32Array, w: number, h: number): void {
  const n = w * h;
  const solid = plane('colour solid', n);
  for (let i = 0; i < n; i++) solid[i] = alpha[i]! > 0.5 ? 1 : 0;
  const R = 10;
  const share = boxSum(solid, w, h, R, solid);
  const S = 18;
  const STEP = 4;
  const cap = plane('colour cap', n).fill(1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const cells = (Math.min(w, x + R + 1) - Math.max(0, x - R)) * (Math.min(h, y + R + 1) - Math.max(0, y - R));
      const f = share[i]! / cells;
      if (f <= 0.01 || f >= 0.99 || alpha[i]! <= 0.02 || alpha[i]! >= 0.98) continue;
      let dF = Infinity;
      let dB = Infinity;
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      for (let yy = Math.max(0, y - S); yy <= Math.min(h - 1, y + S); yy += STEP) {
        for (let xx = Math.max(0, x - S); xx <= Math.min(w - 1, x + S); xx += STEP) {
          const j = yy * w + xx;
          const a = alpha[j]!;
          if (a > 0.02 && a < 0.98) continue;
          const d = (rgb[j * 3]! - r) ** 2 + (rgb[j * 3 + 1]! - g) ** 2 + (rgb[j * 3 + 2]! - b) ** 2;
          if (a >= 0.98) {
            if (d < dF) dF = d;
          } else if (d < dB) dB = d;
        }
      }
      if (dF === Infinity || dB === Infinity) continue;
      const sf = Math.sqrt(dF);
      const sb = Math.sqrt(dB);
      cap[i] = (2 * sb) / Math.max(1, sf + sb) - 0.5;
    }
  }
  const smooth = boxSum(cap, w, h, 1, cap);
  for (let i = 0; i < n; i++) alpha[i] = Math.min(alpha[i]!, smooth[i]! / 9);
}

/**
 * The alpha matte of the person on an RGB frame: the segmentation model's mask, upsampled
 * smoothly, sharpened a little, then refined by a guided filter on the image itself (hair).
 */
/** Below this model probability nothing is person, whatever the image says. */
const CAP_FROM = 0.05;

export function personMatte(
  rgb: Uint8Array,
  outside: Uint8Array,
  w: number,
  h: number,
  seg: PersonSegmenter,
  lap: Lap = noLap,
) {
  const mask = seg.segment(rgb, w, h);
  lap('segment');
  const raw = upsample(mask, w, h, plane('matte raw', w * h));
  const coarse = plane('matte coarse', w * h);
  for (let i = 0; i < w * h; i++) coarse[i] = Math.min(1, Math.max(0, (raw[i]! - 0.25) / 0.5));
  keepPerson(coarse, w, h);
  lap('mask');
  const alpha = guidedFilter(rgb, coarse, w, h, 6, 0.002, plane('matte alpha', w * h));
  lap('guided filter');
  // The image decides the edge only where the model sees some person: a stripe's edge or a
  // branch away from the head never becomes a strand of hair.
  for (let i = 0; i < w * h; i++)
    alpha[i] = outside[i] === 1 ? 0 : Math.max(0, Math.min(1, alpha[i]!, (raw[i]! - CAP_FROM) / 0.2));
  colourCheck(rgb, alpha, w, h);
  // The filters' windows are cut short at the frame's sides, where the matte sags: the two outer
  // columns take the matte of the column inside them, so no line of the new colour (or the old)
  // runs down the body at the edge.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (const [x, from] of [
      [0, 2],
      [1, 2],
      [w - 1, w - 3],
      [w - 2, w - 3],
    ] as const)
      if (outside[row + x] !== 1) alpha[row + x] = alpha[row + from]!;
  }
  lap('colour test');
  return alpha;
}

/**
 * Replaces the background in place: alpha-composites the person over the new colour. A soft
 * edge pixel's person colour is taken from the sure person next to it (the hair's own colour),
 * so no fringe of the old background (a halo) stays. Where the alpha is 1 the pixel is untouched.
 */
export function replaceBackground(
  rgb: Uint8Array,
  outside: Uint8Array,
  w: number,
  h: number,
  colour: readonly [number, number, number],
  seg: PersonSegmenter,
  lap: Lap = noLap,
): Float32Array {
  for (let i = 0; i < w * h; i++) if (outside[i] === 1) rgb.set(colour, i * 3);
  const alpha = personMatte(rgb, outside, w, h, seg, lap);
  // The person's own colour near each soft pixel: a small blur weighted by alpha^4 (the sure
  // person counts, the old background hardly at all).
  const r = 4;
  // The raw and coarse planes are done with: they take the weights and the norm.
  const wt = plane('matte raw', w * h);
  for (let i = 0; i < w * h; i++) wt[i] = outside[i] === 1 ? 0 : alpha[i]! ** 4;
  const norm = boxSum(wt, w, h, r, plane('matte coarse', w * h));
  const fg = [0, 1, 2].map((c) => {
    const p = plane(`matte fg${c}`, w * h);
    for (let i = 0; i < w * h; i++) p[i] = rgb[i * 3 + c]! * wt[i]!;
    return boxSum(p, w, h, r, p);
  });
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i]!;
    if (a >= 0.99) continue;
    const o = i * 3;
    if (a <= 0.02 || norm[i]! < 1e-3) {
      rgb[o] = colour[0];
      rgb[o + 1] = colour[1];
      rgb[o + 2] = colour[2];
      continue;
    }
    const keep = a ** 4;
    for (let c = 0; c < 3; c++) {
      const f = fg[c]![i]! / norm[i]!;
      const own = f + (rgb[o + c]! - f) * keep;
      rgb[o + c] = Math.round(Math.min(255, Math.max(0, a * own + (1 - a) * colour[c]!)));
    }
  }
  lap('composite');
  return alpha;
}

/**
 * The body continued past the original's edge (outside = 2) is the edge's pixels repeated, in
 * streaks: a blur over them (only them) leaves plain cloth.
 */
export function smoothContinued(rgb: Uint8Array, outside: Uint8Array, w: number, h: number): void {
  const n = w * h;
  if (!outside.some((o) => o === 2)) return;
  // Only the continued pixels are averaged, so no background colour is blurred into the cloth.
  const mask = plane('continued mask', n);
  for (let i = 0; i < n; i++) mask[i] = outside[i] === 2 ? 1 : 0;
  const count = boxSum(mask, w, h, 8, plane('continued count', n));
  const p = plane('continued plane', n);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < n; i++) p[i] = rgb[i * 3 + c]! * mask[i]!;
    const blurred = boxSum(p, w, h, 8, p);
    for (let i = 0; i < n; i++) if (mask[i]) rgb[i * 3 + c] = Math.round(blurred[i]! / count[i]!);
  }
}
