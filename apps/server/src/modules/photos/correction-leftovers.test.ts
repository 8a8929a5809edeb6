import { describe, expect, it } from 'vitest';
import { clean, correctionLeftovers, LEFTOVER_LIMITS } from '@portal/photo-check/correction-leftovers';
import { BACKGROUND_RGB } from '@portal/photo-check/correction-engine';

const W = 480;
const H = 640;
const BLUE = BACKGROUND_RGB.blue;
const SUIT = [64, 53, 51] as const;

/** A corrected frame as the engine paints it: the new blue, a body (dark suit) from y 420 to the bottom, edge to edge. */
function frame() {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) rgb.set(y >= 420 ? SUIT : BLUE, (y * W + x) * 3);
  // The person mask on a 2 px grid: the body.
  const mask = { data: new Float32Array((W / 2) * (H / 2)), width: W / 2, height: H / 2 };
  for (let my = 210; my < H / 2; my++) mask.data.fill(1, my * (W / 2), (my + 1) * (W / 2));
  return { rgb, mask };
}
const paint = (rgb: Uint8Array, x0: number, y0: number, x1: number, y1: number, c: readonly number[]) => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(c, (y * W + x) * 3);
};

describe('a corrected photo with leftovers of the old picture is not offered', () => {
  it('a clean correction passes', () => {
    const { rgb, mask } = frame();
    const l = correctionLeftovers(rgb, W, H, BLUE, mask);
    expect(l).toEqual({ band: 0, column: 0 });
    expect(clean(l)).toBe(true);
  });
  it('a dark patch of the old background in the border band (where the check’s own sample does not reach) is seen', () => {
    const { rgb, mask } = frame();
    paint(rgb, 0, 330, 14, 420, [40, 30, 30]);
    const l = correctionLeftovers(rgb, W, H, BLUE, mask);
    expect(l.band).toBeGreaterThan(LEFTOVER_LIMITS.band);
    expect(clean(l)).toBe(false);
  });
  it('a reddish strip down the right edge, over the body too, is seen column by column', () => {
    const { rgb, mask } = frame();
    paint(rgb, W - 2, 300, W, H, [150, 60, 50]);
    const l = correctionLeftovers(rgb, W, H, BLUE, mask);
    expect(l.column).toBeGreaterThan(LEFTOVER_LIMITS.column);
    expect(clean(l)).toBe(false);
  });
});
