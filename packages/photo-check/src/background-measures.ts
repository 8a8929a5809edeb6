import type { Frame } from './frame.ts';
import { maskAt, type PersonMask } from './mask-grid.ts';

const CELL = 24;
/** Mask below this is background; cells need most of their pixels there. */
const BG = 0.15;
/** Keep clear of the border strip (blackSide's business). */
const INSET = 20;

export interface BackgroundStats {
  /** Mean colour of the background pixels. */
  mean: [number, number, number];
  /** Largest distance of a cell's mean colour from the background's median colour (the 90th percentile). */
  spread: number;
  /** Mean spread of colour inside the cells (texture, stripes, a busy wall). */
  texture: number;
  /** Share of the frame that is background. */
  share: number;
}

/**
 * Background measured on the background itself: the frame cut into 24 px cells, only cells
 * the person mask leaves (almost) entirely free counted. Long hair, shoulders or a raised hand
 * are the person's; whatever else shows (a poster, stripes, a landscape, a second person's
 * clothes) is background and must be plain.
 */
export function backgroundStats(f: Frame, mask: PersonMask): BackgroundStats {
  const cells: { mean: number[]; std: number }[] = [];
  const total = [0, 0, 0];
  let totalN = 0;
  for (let cy = INSET; cy + CELL <= f.height - INSET; cy += CELL) {
    for (let cx = INSET; cx + CELL <= f.width - INSET; cx += CELL) {
      let free = true;
      for (let y = cy; y < cy + CELL && free; y += 6)
        for (let x = cx; x < cx + CELL && free; x += 6) if (maskAt(mask, x, y, f.width, f.height) > BG) free = false;
      if (!free) continue;
      const m = [0, 0, 0];
      const sq = [0, 0, 0];
      const n = CELL * CELL;
      for (let y = cy; y < cy + CELL; y++) {
        for (let x = cx; x < cx + CELL; x++) {
          const i = (y * f.width + x) * 3;
          for (let c = 0; c < 3; c++) {
            const v = f.data[i + c]!;
            m[c]! += v;
            sq[c]! += v * v;
          }
        }
      }
      const mu = m.map((v) => v / n);
      const variance = sq.reduce((a, v, c) => a + v / n - mu[c]! ** 2, 0) / 3;
      cells.push({ mean: mu, std: Math.sqrt(Math.max(0, variance)) });
      for (let c = 0; c < 3; c++) total[c]! += m[c]!;
      totalN += n;
    }
  }
  if (!cells.length) return { mean: [0, 0, 0], spread: 255, texture: 255, share: 0 };
  const med = [0, 1, 2].map((c) => {
    const s = cells.map((k) => k.mean[c]!).sort((a, b) => a - b);
    return s[Math.floor(s.length / 2)]!;
  });
  const dists = cells
    .map((k) => Math.hypot(k.mean[0]! - med[0]!, k.mean[1]! - med[1]!, k.mean[2]! - med[2]!))
    .sort((a, b) => a - b);
  const stds = cells.map((k) => k.std).sort((a, b) => a - b);
  return {
    mean: [total[0]! / totalN, total[1]! / totalN, total[2]! / totalN],
    spread: dists[Math.floor(dists.length * 0.9)]!,
    // The 75th percentile: a few cells on the mask's soft edge carry a strand of hair.
    texture: stds[Math.floor(stds.length * 0.75)]!,
    share: totalN / (f.width * f.height),
  };
}
