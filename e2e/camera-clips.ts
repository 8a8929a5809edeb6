import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Clips for Chromium's fake camera, made at test time from the real-world photos beside the
 * repository (never copied in): a 960 x 720 webcam picture with the photo in its middle, as
 * raw I420 frames in a Y4M file (--use-file-for-fake-video-capture loops it).
 */
export const REALWORLD_DIR = path.resolve(import.meta.dirname, '../../shared/data/photos-realworld');
export const haveRealworld = existsSync(path.join(REALWORLD_DIR, 'manifest.json'));

const W = 960;
const H = 720;
const FRAMES = 4;

export async function makeClip(photo: string): Promise<string> {
  const out = path.join(os.tmpdir(), `portal-camera-${path.basename(photo, '.jpg')}.y4m`);
  const inner = (H * 3) / 4;
  const { data } = await sharp(path.join(REALWORLD_DIR, photo))
    .resize(inner, H, { fit: 'fill' })
    .extend({ left: (W - inner) / 2, right: (W - inner) / 2, background: { r: 70, g: 70, b: 70 } })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // BT.601 full-range RGB -> I420 (chroma averaged over 2 x 2 pixels).
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  for (let i = 0; i < W * H; i++) {
    const [r, g, b] = [data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!];
    y[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  for (let cy = 0; cy < H / 2; cy++) {
    for (let cx = 0; cx < W / 2; cx++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]) {
        const i = ((cy * 2 + dy!) * W + cx * 2 + dx!) * 3;
        r += data[i]! / 4;
        g += data[i + 1]! / 4;
        b += data[i + 2]! / 4;
      }
      const k = cy * (W / 2) + cx;
      u[k] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
      v[k] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(out, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return out;
}

/** Chromium's switches for a fake camera showing a clip, the permission granted. */
export const fakeCamera = (clip: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${clip}`,
];
