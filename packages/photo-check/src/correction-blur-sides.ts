import { boxCount, boxSum, plane } from './correction-filters.ts';
import { maskAt, type PersonMask } from './mask-grid.ts';

/** The person mask at or over this keeps a pixel (as the leftovers' measure reads it). */
const SURE = 0.2;
/** Side band and run cells, px. */
const CELL = 16;
/** A side needs this many flat cells in a row (48 px) before anything is cleared: a short smooth bit of clothing is left alone. */
const RUN = 3;
/**
 * Mean |Laplacian| under this is out of focus. On the real-world set a photographed suit reads
 * 5-12 and a plain black top about 2.3; the blurred pieces of the old scene that the person mask
 * keeps beside the body (the red and the poster-background Carell, the scenery Aniston) 0.4-1.8.
 */
const FLAT = 2;
/** Over this luminance a pixel is blown-out white (a shirt in strong light is as flat as a blur). */
const WHITE = 235;
/** The local sharpness window's radius, px. */
const R = 4;

/**
 * Clears, in place, the out-of-focus pieces of the old scene that the person mask kept at the
 * frame's sides (a blurred shoulder of someone behind, a strip of a poster beside the body): along
 * each side, a run of at least RUN cells whose kept pixels are all flat (mean |Laplacian| under FLAT
 * and under a third of the person's own median) is painted the new colour from the edge inwards,
 * row by row, as far as the local sharpness stays flat, with a 3 px soft edge. The sharp person
 * stops it; pixels the correction continued itself (`continued` 2) are left as they are.
 * Returns the number of pixels painted.
 */
export function clearBlurredSides(
  rgb: Uint8Array,
  w: number,
  h: number,
  mask: PersonMask,
  colour: readonly [number, number, number],
  continued?: Uint8Array,
): number {
  const n = w * h;
  const luma = plane('sides luma', n);
  for (let i = 0; i < n; i++) luma[i] = 0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!;
  const lap = plane('sides lap', n).fill(0);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      lap[i] = Math.abs(4 * luma[i]! - luma[i - 1]! - luma[i + 1]! - luma[i - w]! - luma[i + w]!);
    }
  const kept = (x: number, y: number) =>
    maskAt(mask, x, y, w, h) >= SURE && continued?.[y * w + x] !== 2 && luma[y * w + x]! <= WHITE;
  /** A cell's mean |Laplacian| over its kept pixels, or null when a quarter of it is not kept. */
  const cellSharpness = (x0: number, y0: number): number | null => {
    let k = 0;
    let s = 0;
    for (let y = y0; y < Math.min(h, y0 + CELL); y++)
      for (let x = x0; x < Math.min(w, x0 + CELL); x++)
        if (kept(x, y)) {
          k++;
          s += lap[y * w + x]!;
        }
    return k >= CELL * CELL * 0.75 ? s / k : null;
  };
  // The person's own sharpness: the median cell of the lower half, clear of the sides.
  const inner: number[] = [];
  for (let y = Math.round(h / 2); y + 2 * CELL <= h; y += CELL)
    for (let x = CELL; x + 2 * CELL <= w; x += CELL) {
      const v = cellSharpness(x, y);
      if (v !== null) inner.push(v);
    }
  if (!inner.length) return 0;
  inner.sort((a, b) => a - b);
  const limit = Math.min(FLAT, inner[Math.floor(inner.length / 2)]! / 3);
  // Local sharpness around each pixel, to follow the blur's own edge inwards.
  const local = boxSum(lap, w, h, R, plane('sides local', n));
  const cells = boxCount(w, h, R);
  let painted = 0;
  for (const side of [0, 1] as const) {
    /** The row's first kept pixel from this side (within a third of the width) is flat. */
    const flatAt = (y: number) => {
      for (let d = 0; d < w / 3; d++) {
        const x = side ? w - 1 - d : d;
        if (kept(x, y)) return local[y * w + x]! / cells[y * w + x]! < limit;
      }
      return false;
    };
    // Runs of flat cells, each grown up and down row by row while the side stays flat (the blur's
    // own top and bottom, not the cells').
    const rows = new Set<number>();
    let run: number[] = [];
    const close = () => {
      if (run.length >= RUN) {
        let top = run[0]!;
        let bottom = run.at(-1)! + CELL - 1;
        while (top > 0 && flatAt(top - 1)) top--;
        while (bottom < h - 1 && flatAt(bottom + 1)) bottom++;
        for (let y = top; y <= bottom; y++) rows.add(y);
      }
      run = [];
    };
    for (let y0 = 0; y0 + CELL <= h; y0 += CELL) {
      const v = cellSharpness(side ? w - CELL : 0, y0);
      if (v !== null && v < limit) run.push(y0);
      else close();
    }
    close();
    for (const y of rows) {
      // From the edge inwards: kept pixels whose surroundings are flat are painted, background is
      // stepped over (a blurred piece may float clear of the edge), the first sharp kept pixel ends it.
      for (let d = 0; d < w / 3; d++) {
        const x = side ? w - 1 - d : d;
        const i = y * w + x;
        if (!kept(x, y)) continue;
        if (local[i]! / cells[i]! >= limit) break;
        for (let c = 0; c < 3; c++) rgb[i * 3 + c] = colour[c]!;
        painted++;
      }
    }
  }
  return painted;
}
