import type { Frame } from './frame.ts';
import { cheekSkinLuma } from './face-colour.ts';

type Pt = { x: number; y: number };

const lumaAt = (f: Frame, x: number, y: number) => {
  const i = (y * f.width + x) * 3;
  return 0.299 * f.data[i]! + 0.587 * f.data[i + 1]! + 0.114 * f.data[i + 2]!;
};
const inside = (f: Frame, x: number, y: number) => x >= 0 && y >= 0 && x < f.width && y < f.height;

/**
 * A spectacle frame across the eyes: beside each eye, from a tenth to half of its width past each
 * corner (where an eye has skin and a lens its rim), the row near the eye's middle along which a
 * thin dark line runs furthest: per cent of those columns where a pixel (or one a row above or
 * below) is darker by 30 % than both the pixels 3-6 rows above and below it; the smaller of the
 * two eyes. On the real-world set's photos, glasses worn as they should be included, it reads at
 * most 44; a rim drawn across the pupils 52-78 (the bound is 50, bounds.ts).
 */
export function frameAcrossEyes(f: Frame, lm: Pt[]): number {
  const thin = (x: number, y: number) => {
    const v = lumaAt(f, x, y);
    for (let d = 3; d <= 6; d++) {
      if (!inside(f, x, y - d) || !inside(f, x, y + d)) return false;
      if (v < 0.7 * lumaAt(f, x, y - d) && v < 0.7 * lumaAt(f, x, y + d)) return true;
    }
    return false;
  };
  const one = (o: number) => {
    const a = lm[o]!;
    const b = lm[o + 3]!;
    const w = Math.max(1, Math.hypot(b.x - a.x, b.y - a.y));
    const top = (lm[o + 1]!.y + lm[o + 2]!.y) / 2;
    const bottom = (lm[o + 4]!.y + lm[o + 5]!.y) / 2;
    // Beyond the corners only, where an eye has skin and a lens its rim.
    const left = Math.min(a.x, b.x);
    const right = Math.max(a.x, b.x);
    const xs: number[] = [];
    for (let x = Math.round(left - w * 0.5); x <= left - w * 0.1; x++) xs.push(x);
    for (let x = Math.round(right + w * 0.1); x <= right + w * 0.5; x++) xs.push(x);
    const mid = (top + bottom) / 2;
    let best = 0;
    for (let y = Math.round(mid - w * 0.15); y <= mid + w * 0.15; y++) {
      let line = 0;
      let n = 0;
      for (const x of xs) {
        if (!inside(f, x, y)) continue;
        n++;
        if (thin(x, y) || thin(x, y - 1) || thin(x, y + 1)) line++;
      }
      if (n) best = Math.max(best, (100 * line) / n);
    }
    return best;
  };
  return Math.min(one(36), one(42));
}

/**
 * Hair over the eyebrows: along each brow (landmarks 17-21 and 22-26), per column, the dark run
 * (under 60 % of the cheek skin's luminance) from inside the brow upwards; a column is covered when
 * the run is longer than 14 % of the face's width (a brow is 4-6 %, with skin above it; a fringe
 * over it runs on into the hair). The covered share of the columns, per cent.
 */
export function browsCovered(f: Frame, lm: Pt[]): number {
  const floor = cheekSkinLuma(f, lm) * 0.6;
  const faceW = Math.hypot(lm[16]!.x - lm[0]!.x, lm[16]!.y - lm[0]!.y);
  const limit = faceW * 0.14;
  let columns = 0;
  let covered = 0;
  for (const [from, to] of [
    [17, 21],
    [22, 26],
  ] as const) {
    for (let k = from; k < to; k++) {
      const p = lm[k]!;
      const q = lm[k + 1]!;
      for (let x = Math.round(p.x); x < q.x; x++) {
        const t = (x - p.x) / Math.max(1, q.x - p.x);
        let y = Math.round(p.y + t * (q.y - p.y) + faceW * 0.02);
        if (!inside(f, x, y)) continue;
        columns++;
        // Up while dark; a gap of up to 2 px of lighter strands does not end the run.
        const start = y;
        let gap = 0;
        while (inside(f, x, y - 1) && start - y < limit + 1) {
          y--;
          if (lumaAt(f, x, y) < floor) gap = 0;
          else if (++gap > 2) break;
        }
        if (start - y - gap > limit) covered++;
      }
    }
  }
  return columns ? (100 * covered) / columns : 0;
}
