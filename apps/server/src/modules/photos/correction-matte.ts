import type { PersonSegmenter } from './person-mask.ts';

/** Sums of a w x h plane over (2r+1)-square boxes (clipped at the edges), through an integral image. */
export function boxSum(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const ii = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += src[y * w + x]!;
      ii[(y + 1) * (w + 1) + x + 1] = ii[y * (w + 1) + x + 1]! + row;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      out[y * w + x] =
        ii[y1 * (w + 1) + x1]! - ii[y0 * (w + 1) + x1]! - ii[y1 * (w + 1) + x0]! + ii[y0 * (w + 1) + x0]!;
    }
  }
  return out;
}

const mul = (a: Float32Array, b: Float32Array) => a.map((v, i) => v * b[i]!);

/**
 * He, Sun and Tang's guided filter (2010): the matte made locally a linear function of the
 * image's luminance, so its edge follows the hair and the collar the image shows, at the
 * image's own resolution, while the coarse model matte decides what is person.
 */
export function guidedFilter(guide: Float32Array, p: Float32Array, w: number, h: number, r: number, eps: number) {
  const n = boxSum(new Float32Array(w * h).fill(1), w, h, r);
  const mean = (x: Float32Array) => boxSum(x, w, h, r).map((v, i) => v / n[i]!);
  const mI = mean(guide);
  const mP = mean(p);
  const corrIp = mean(mul(guide, p));
  const corrII = mean(mul(guide, guide));
  const a = new Float32Array(w * h);
  const bb = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const varI = corrII[i]! - mI[i]! ** 2;
    const cov = corrIp[i]! - mI[i]! * mP[i]!;
    a[i] = cov / (varI + eps);
    bb[i] = mP[i]! - a[i]! * mI[i]!;
  }
  const mA = mean(a);
  const mB = mean(bb);
  return guide.map((g, i) => mA[i]! * g + mB[i]!);
}

/** The model's mask (its own grid) brought to w x h by bilinear interpolation. */
function upsample(m: { data: Float32Array; width: number; height: number }, w: number, h: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(m.height - 1, Math.max(0, ((y + 0.5) / h) * m.height - 0.5));
    const y0 = Math.min(m.height - 2, Math.floor(fy));
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(m.width - 1, Math.max(0, ((x + 0.5) / w) * m.width - 0.5));
      const x0 = Math.min(m.width - 2, Math.floor(fx));
      const tx = fx - x0;
      const i = y0 * m.width + x0;
      const top = m.data[i]! + (m.data[i + 1]! - m.data[i]!) * tx;
      const bot = m.data[i + m.width]! + (m.data[i + m.width + 1]! - m.data[i + m.width]!) * tx;
      out[y * w + x] = top + (bot - top) * ty;
    }
  }
  return out;
}

/**
 * Only the person: the region of the matte over one half that holds the frame's lower middle
 * (the face and shoulders), and soft values near it; islands elsewhere (a face on a poster,
 * a lamp) are background.
 */
function keepPerson(alpha: Float32Array, w: number, h: number): void {
  const inside = new Uint8Array(w * h);
  const stack: number[] = [];
  let seed = -1;
  for (let y = Math.round(h * 0.45); y < h && seed < 0; y++)
    for (let dx = 0; dx < w / 4 && seed < 0; dx++)
      for (const x of [w / 2 + dx, w / 2 - dx]) if (alpha[y * w + Math.round(x)]! > 0.5) seed = y * w + Math.round(x);
  if (seed < 0) return;
  inside[seed] = 1;
  stack.push(seed);
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    for (const j of [i - w, i + w, x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1]) {
      if (j >= 0 && j < w * h && !inside[j] && alpha[j]! > 0.5) {
        inside[j] = 1;
        stack.push(j);
      }
    }
  }
  const near = boxSum(Float32Array.from(inside), w, h, 10);
  for (let i = 0; i < w * h; i++) if ((alpha[i]! > 0.5 && !inside[i]) || near[i]! === 0) alpha[i] = 0;
}

/**
 * The alpha matte of the person on an RGB frame: the segmentation model's mask, upsampled
 * smoothly, sharpened a little, then refined by a guided filter on the image itself (hair).
 */
export function personMatte(rgb: Uint8Array, outside: Uint8Array, w: number, h: number, seg: PersonSegmenter) {
  const coarse = upsample(seg.segment(rgb, w, h), w, h);
  const grey = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++)
    grey[i] = (0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!) / 255;
  for (let i = 0; i < w * h; i++) coarse[i] = Math.min(1, Math.max(0, (coarse[i]! - 0.25) / 0.5));
  keepPerson(coarse, w, h);
  const alpha = guidedFilter(grey, coarse, w, h, 6, 0.004);
  for (let i = 0; i < w * h; i++) alpha[i] = outside[i] ? 0 : Math.min(1, Math.max(0, alpha[i]!));
  return alpha;
}

/**
 * Replaces the background in place: alpha-composites the person over the new colour. At a soft
 * edge the old background's share of the pixel (estimated from the background around it) is
 * swapped for the new colour, so a hair strand keeps its own colour and no fringe of the old
 * background (a halo) stays. Where the alpha is 1 the pixel is untouched.
 */
export function replaceBackground(
  rgb: Uint8Array,
  outside: Uint8Array,
  w: number,
  h: number,
  colour: readonly [number, number, number],
  seg: PersonSegmenter,
): Float32Array {
  for (let i = 0; i < w * h; i++) if (outside[i]) rgb.set(colour, i * 3);
  const alpha = personMatte(rgb, outside, w, h, seg);
  // The old background around each pixel: a blur weighted by how much background each pixel is.
  const r = 12;
  const wt = alpha.map((a, i) => (outside[i] ? 0 : (1 - a) ** 2));
  const norm = boxSum(wt, w, h, r);
  const old = [0, 1, 2].map((c) => {
    const plane = new Float32Array(w * h);
    for (let i = 0; i < w * h; i++) plane[i] = rgb[i * 3 + c]! * wt[i]!;
    return boxSum(plane, w, h, r);
  });
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i]!;
    if (a >= 0.99) continue;
    const o = i * 3;
    if (a <= 0.02) {
      rgb.set(colour, o);
      continue;
    }
    // Near the person the local background estimate; a pixel mostly background is its own estimate.
    const t = Math.min(1, a / 0.3);
    for (let c = 0; c < 3; c++) {
      const own = rgb[o + c]!;
      const around = norm[i]! > 1e-3 ? old[c]![i]! / norm[i]! : own;
      const bgOld = own + (around - own) * t;
      rgb[o + c] = Math.round(Math.min(255, Math.max(0, own + (1 - a) * (colour[c]! - bgOld))));
    }
  }
  return alpha;
}
