import type { Frame } from './frame.ts';
import type { PersonMask } from './person-mask.ts';

type Pt = { x: number; y: number };

/** Skin: chromaticity within this of the cheeks' and luminance within LUMA_RANGE of theirs. */
const SKIN_CHROMA = 0.04;
const LUMA_RANGE = [0.45, 1.6] as const;
/** Mask cells a hair pixel keeps from the mask's edge (its soft rim mixes hair and background). */
const ERODE = 2;
/** Lens widths tried, as a share of the face width (the jaw ends 0 to 16); lenses are half as tall. */
const LENS_WIDTHS = [0.3, 0.4];
/** Lens centres from the face axis, as a share of the face width. */
const LENS_DX = [0.15, 0.4] as const;
const STEP = 3;

/**
 * An accessory worn on the head (sunglasses pushed up, a hat, a headband): how strongly a
 * mirrored pair of compact regions on the hair stands out from the hair around it.
 *
 * Only "hair" pixels count: inside the person mask (kept clear of its soft edge), above the
 * eyebrows, and not skin-coloured (the cheeks give the skin's colour), so the hairline and a
 * bald crown are never an object. For every pair of boxes mirrored about the face's axis (a
 * lens's size and place), each box's mean colour is compared with the hair in a ring around
 * it and with the hair between the two: the pair's score is the smallest of those contrasts
 * less the difference between the two boxes. Hair, however curly or shiny, is alike around
 * and between; a pair of lenses on it is unlike both, and alike each other. The value is the
 * best pair's score (RGB distance; compliant photos about 20 and below, sunglasses on the head 50 and above).
 */
export function headAccessory(f: Frame, mask: PersonMask, lm: Pt[]): number {
  const fw = lm[16]!.x - lm[0]!.x;
  if (fw <= 0) return 0;
  const cx = (lm[0]!.x + lm[16]!.x) / 2;
  const browY = Math.min(...lm.slice(17, 27).map((p) => p.y));
  const yMax = Math.round(browY - 0.1 * fw);
  const reach = LENS_DX[1] * fw + Math.max(...LENS_WIDTHS) * fw;
  const x0 = Math.max(0, Math.floor(cx - reach));
  const x1 = Math.min(f.width, Math.ceil(cx + reach));
  const y1 = Math.min(f.height, Math.round(yMax + 0.25 * fw));
  if (yMax <= 0 || x1 <= x0 || y1 <= 0) return 0;

  const skin = skinColour(f, lm);
  const skinSum = skin[0] + skin[1] + skin[2] + 1;
  const skinR = skin[0] / skinSum;
  const skinG = skin[1] / skinSum;
  const skinLuma = 0.299 * skin[0] + 0.587 * skin[1] + 0.114 * skin[2];
  const lumaLo = LUMA_RANGE[0] * skinLuma;
  const lumaHi = LUMA_RANGE[1] * skinLuma;
  const chroma2 = SKIN_CHROMA * SKIN_CHROMA;
  const inside = erodedMask(mask, {
    x0: Math.floor((x0 / f.width) * mask.width),
    x1: Math.ceil((x1 / f.width) * mask.width),
    y1: Math.ceil((y1 / f.height) * mask.height),
  });
  const W = x1 - x0 + 1;
  // Integral image of the hair pixels' R, G, B and count over the head's box (4 numbers a cell;
  // sums stay under 2^31), in a buffer kept from call to call.
  const I = integralBuffer(4 * W * (y1 + 1));
  I.fill(0, 0, 4 * W);
  const cellX = new Int32Array(x1 - x0);
  for (let x = x0; x < x1; x++) cellX[x - x0] = Math.min(mask.width - 1, Math.floor((x / f.width) * mask.width));
  for (let y = 0; y < y1; y++) {
    let sr = 0;
    let sg = 0;
    let sb = 0;
    let sn = 0;
    const maskRow = Math.min(mask.height - 1, Math.floor((y / f.height) * mask.height)) * mask.width;
    let k = 4 * ((y + 1) * W);
    I[k] = I[k + 1] = I[k + 2] = I[k + 3] = 0;
    let i = (y * f.width + x0) * 3;
    for (let x = x0; x < x1; x++, i += 3) {
      if (inside[maskRow + cellX[x - x0]!]) {
        const r = f.data[i]!;
        const g = f.data[i + 1]!;
        const b = f.data[i + 2]!;
        const l = 0.299 * r + 0.587 * g + 0.114 * b;
        const s = r + g + b + 1;
        // Skin: luminance near the cheeks' and chromaticity (r, g over the sum) within SKIN_CHROMA.
        const skinLike = l > lumaLo && l < lumaHi && (r - skinR * s) ** 2 + (g - skinG * s) ** 2 < chroma2 * s * s;
        if (!skinLike) {
          sr += r;
          sg += g;
          sb += b;
          sn++;
        }
      }
      k += 4;
      const up = k - 4 * W;
      I[k] = I[up]! + sr;
      I[k + 1] = I[up + 1]! + sg;
      I[k + 2] = I[up + 2]! + sb;
      I[k + 3] = I[up + 3]! + sn;
    }
  }
  // Sums and colours in fixed slots: some thousands of candidate pairs, no array for each.
  const sums = new Float64Array(12);
  const colours = new Float64Array(9);
  /** The four sums over a box into sums[at..at+3]. */
  const box = (at: number, bx0: number, by0: number, bx1: number, by1: number) => {
    const xa = Math.max(0, Math.min(W - 1, Math.round(bx0 - x0)));
    const xb = Math.max(0, Math.min(W - 1, Math.round(bx1 - x0)));
    const ya = Math.max(0, Math.min(y1, Math.round(by0)));
    const yb = Math.max(0, Math.min(y1, Math.round(by1)));
    const a = 4 * (yb * W + xb);
    const b = 4 * (ya * W + xb);
    const c = 4 * (yb * W + xa);
    const d = 4 * (ya * W + xa);
    for (let n = 0; n < 4; n++) sums[at + n] = I[a + n]! - I[b + n]! - I[c + n]! + I[d + n]!;
  };
  /** Distance between colours[a..a+2] and colours[b..b+2]. */
  const dist = (a: number, b: number) =>
    Math.hypot(colours[a]! - colours[b]!, colours[a + 1]! - colours[b + 1]!, colours[a + 2]! - colours[b + 2]!);
  /**
   * A box's hair colour into colours[at..at+2], and its contrast with the hair in the ring
   * around it (-1: too little hair in the box or the ring).
   */
  const lens = (at: number, x: number, y: number, w: number, h: number) => {
    box(0, x - w / 2, y - h / 2, x + w / 2, y + h / 2);
    box(4, x - w, y - h, x + w, y + h);
    const ringN = sums[7]! - sums[3]!;
    if (sums[3]! < 0.6 * w * h || ringN < 0.4 * w * h) return -1;
    for (let c = 0; c < 3; c++) colours[at + c] = sums[c]! / sums[3]!;
    const dr = colours[at]! - (sums[4]! - sums[0]!) / ringN;
    const dg = colours[at + 1]! - (sums[5]! - sums[1]!) / ringN;
    const db = colours[at + 2]! - (sums[6]! - sums[2]!) / ringN;
    return Math.hypot(dr, dg, db);
  };

  let best = 0;
  for (const share of LENS_WIDTHS) {
    const w = share * fw;
    const h = w / 2;
    for (let y = 0; y <= yMax - h / 2; y += STEP) {
      for (let dx = Math.max(LENS_DX[0] * fw, w / 2); dx <= LENS_DX[1] * fw; dx += STEP) {
        const l = lens(0, cx - dx, y, w, h);
        if (l < 0) continue;
        const r = lens(3, cx + dx, y, w, h);
        if (r < 0) continue;
        const bw = Math.max(8, 2 * dx - w);
        box(8, cx - bw / 2, y - h / 2, cx + bw / 2, y + h / 2);
        if (sums[11]! < 0.3 * bw * h) continue;
        for (let c = 0; c < 3; c++) colours[6 + c] = sums[8 + c]! / sums[11]!;
        const score = Math.min(l, r, dist(0, 6), dist(3, 6)) - dist(0, 3);
        if (score > best) best = score;
      }
    }
  }
  return best;
}

let integral = new Int32Array(0);
/** A zeroed-as-needed buffer of at least n cells, reused by every call in this thread. */
function integralBuffer(n: number): Int32Array {
  if (integral.length < n) integral = new Int32Array(n);
  return integral;
}

/** Mean colour of the skin between the nose's sides, from under the eyes to the nose tip. */
function skinColour(f: Frame, lm: Pt[]): [number, number, number] {
  const s = [0, 0, 0];
  let n = 0;
  const xa = Math.max(0, Math.round(lm[31]!.x - 10));
  const xb = Math.min(f.width, Math.round(lm[35]!.x + 10));
  const ya = Math.max(0, Math.round(lm[29]!.y - 5));
  const yb = Math.min(f.height, Math.round(lm[33]!.y));
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const i = (y * f.width + x) * 3;
      s[0]! += f.data[i]!;
      s[1]! += f.data[i + 1]!;
      s[2]! += f.data[i + 2]!;
      n++;
    }
  }
  return n ? [s[0]! / n, s[1]! / n, s[2]! / n] : [0, 0, 0];
}

/** 1 where the mask and every cell within ERODE of it are the person (inside the region's cells only). */
function erodedMask(m: PersonMask, r: { x0: number; x1: number; y1: number }): Uint8Array {
  const on = new Uint8Array(m.width * m.height);
  // Rows first, then columns: a square erosion as two passes.
  const rowsOk = new Uint8Array(m.width * m.height);
  const xa = Math.max(0, r.x0 - ERODE);
  const xb = Math.min(m.width, r.x1 + ERODE + 1);
  const yb = Math.min(m.height, r.y1 + ERODE + 1);
  for (let y = 0; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      let ok = 1;
      for (let d = -ERODE; d <= ERODE && ok; d++) {
        const xx = Math.min(m.width - 1, Math.max(0, x + d));
        if (m.data[y * m.width + xx]! <= 0.5) ok = 0;
      }
      rowsOk[y * m.width + x] = ok;
    }
  }
  for (let y = 0; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      let ok = 1;
      for (let d = -ERODE; d <= ERODE && ok; d++) {
        const yy = Math.min(m.height - 1, Math.max(0, y + d));
        if (!rowsOk[yy * m.width + x]) ok = 0;
      }
      on[y * m.width + x] = ok;
    }
  }
  return on;
}
