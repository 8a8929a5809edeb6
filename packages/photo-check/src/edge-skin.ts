import type { Frame } from './frame.ts';

/** Width of each side strip looked at, px (the edge look's own strip). */
const STRIP = 100;

/**
 * Skin at the side edges beside the subject's head: the share, per cent, of the side strips'
 * pixels above the chin and clear of the head (0.8 face widths either side of the face's middle),
 * every other pixel, whose colour is skin's (YCbCr: Cb 77-127, Cr 133-173). A plain wall beside
 * the subject gives about 0; a head half cut off at an edge more. The edge look (a second
 * detector pass) runs only then.
 */
export function edgeSkin(f: Frame, lm: { x: number; y: number }[]): number {
  const faceW = lm[16]!.x - lm[0]!.x;
  const cx = (lm[0]!.x + lm[16]!.x) / 2;
  const rows = Math.min(f.height, Math.round(lm[8]!.y));
  let skin = 0;
  let all = 0;
  for (let y = 0; y < rows; y += 2)
    for (let x = 0; x < STRIP; x += 2)
      for (const px of [x, f.width - 1 - x]) {
        if (Math.abs(px - cx) < 0.8 * faceW) continue;
        all++;
        const i = (y * f.width + px) * 3;
        const r = f.data[i]!;
        const g = f.data[i + 1]!;
        const b = f.data[i + 2]!;
        const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
        const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
        if (cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) skin++;
      }
  return all ? (100 * skin) / all : 0;
}
