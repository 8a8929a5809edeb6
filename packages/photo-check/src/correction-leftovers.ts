import { maskAt, type PersonMask } from './mask-grid.ts';

/** The border band's width, px: the whole of it is looked at (the check's own background sample keeps 20 px clear). */
export const BAND = 16;
/** Colour distance (RGB) past which a background pixel is not the new background. */
const OFF = 45;
/** The person mask under this is surely background (the mask is unsure of the body on a white or grey wall): there the band must be the new colour. */
const SURE = 0.2;

/** A candidate over either limit is not offered: band per cent of its background pixels, column per cent of the rows. */
export const LEFTOVER_LIMITS = { band: 3, column: 15 } as const;

export interface Leftovers {
  /** Share, per cent, of the border band's background pixels (the person mask's) that are not the new colour. */
  band: number;
  /** Share, per cent, of the rows where an edge column differs from the picture a few pixels inside it (a strip). */
  column: number;
}

const dist = (rgb: Uint8Array, i: number, c: readonly number[]) =>
  Math.hypot(rgb[i]! - c[0]!, rgb[i + 1]! - c[1]!, rgb[i + 2]! - c[2]!);
const between = (rgb: Uint8Array, i: number, j: number) =>
  Math.hypot(rgb[i]! - rgb[j]!, rgb[i + 1]! - rgb[j + 1]!, rgb[i + 2]! - rgb[j + 2]!);

/**
 * What a corrected photo may have kept of the old picture, measured where the check itself does
 * not look: the full border band (a patch of the old background at a corner), and every edge
 * column against the picture just inside it (a strip of the old colour down one side).
 */
export function correctionLeftovers(
  rgb: Uint8Array,
  w: number,
  h: number,
  colour: readonly [number, number, number],
  mask: PersonMask,
): Leftovers {
  let bg = 0;
  let off = 0;
  for (let y = 0; y < h; y++) {
    const inBandRow = y < BAND || y >= h - BAND;
    for (let x = 0; x < w; x++) {
      if (!inBandRow && x >= BAND && x < w - BAND) {
        x = w - BAND - 1;
        continue;
      }
      if (maskAt(mask, x, y, w, h) >= SURE) continue;
      bg++;
      if (dist(rgb, (y * w + x) * 3, colour) > OFF) off++;
    }
  }
  // Each of the three outer columns of either side against the column 4 px inside it.
  let worst = 0;
  for (const [x, inner] of [
    [0, 4],
    [1, 5],
    [2, 6],
    [w - 1, w - 5],
    [w - 2, w - 6],
    [w - 3, w - 7],
  ] as const) {
    let rows = 0;
    for (let y = 0; y < h; y++) if (between(rgb, (y * w + x) * 3, (y * w + inner) * 3) > 40) rows++;
    worst = Math.max(worst, rows);
  }
  return { band: bg ? (100 * off) / bg : 0, column: (100 * worst) / h };
}

/** True when a corrected photo kept nothing of the old picture that the limits see. */
export const clean = (l: Leftovers) => l.band <= LEFTOVER_LIMITS.band && l.column <= LEFTOVER_LIMITS.column;
