import { describe, expect, it } from 'vitest';
import { clearBlurredSides } from '@portal/photo-check/correction-blur-sides';
import { BACKGROUND_RGB } from '@portal/photo-check/correction-engine';

const W = 480;
const H = 640;
const BLUE = BACKGROUND_RGB.blue;

/**
 * A corrected frame: the new blue above y 380, below it a photographed suit (a fine noisy weave,
 * sharp) from x 60 to 420, and beside it on both sides what the person mask also kept. The mask
 * keeps everything below y 380.
 */
function frame(side: (x: number, y: number) => readonly number[]) {
  const rgb = new Uint8Array(W * H * 3);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 41) - 20;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const c = y < 380 ? BLUE : x >= 60 && x < 420 ? [60 + noise(), 52 + noise(), 50 + noise()] : side(x, y);
      rgb.set(
        c.map((v) => Math.max(0, Math.min(255, v))),
        (y * W + x) * 3,
      );
    }
  const mask = { data: new Float32Array((W / 2) * (H / 2)), width: W / 2, height: H / 2 };
  for (let my = 190; my < H / 2; my++) mask.data.fill(1, my * (W / 2), (my + 1) * (W / 2));
  return { rgb, mask };
}
/** A blurred piece of the old scene: a soft brown gradient, no texture. */
const blurred = (x: number, y: number) => [90 + (x % 240) / 6, 40 + y / 20, 50];
const isBlue = (rgb: Uint8Array, x: number, y: number) => {
  const i = (y * W + x) * 3;
  return Math.hypot(rgb[i]! - BLUE[0], rgb[i + 1]! - BLUE[1], rgb[i + 2]! - BLUE[2]) < 10;
};

describe('blurred pieces of the old scene kept beside the body', () => {
  it('go the new colour from each side to within a few pixels of the sharp suit', () => {
    const { rgb, mask } = frame(blurred);
    expect(clearBlurredSides(rgb, W, H, mask, BLUE)).toBeGreaterThan(0);
    for (const [x, y] of [
      [0, 400],
      [30, 500],
      [50, 620],
      [479, 450],
      [430, 600],
    ] as const)
      expect(isBlue(rgb, x, y), `${x},${y}`).toBe(true);
    // The suit itself is left as it was.
    for (const [x, y] of [
      [70, 500],
      [240, 600],
      [410, 450],
    ] as const)
      expect(isBlue(rgb, x, y), `${x},${y}`).toBe(false);
  });

  it('leave a sharp body that reaches the sides, and a flat stretch shorter than three cells', () => {
    // Sharp weave on the sides too, but for one 32 px smooth stretch on the left.
    let seed = 3;
    const weave = (x: number, y: number) =>
      y >= 500 && y < 532 && x < 60 ? [80, 70, 60] : [60 + ((seed = (seed * 69069 + 1) >>> 0) % 41) - 20, 52, 50];
    const { rgb, mask } = frame(weave);
    const before = Uint8Array.from(rgb);
    expect(clearBlurredSides(rgb, W, H, mask, BLUE)).toBe(0);
    expect(Buffer.from(rgb).equals(Buffer.from(before))).toBe(true);
  });
});
