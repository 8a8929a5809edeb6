import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { PhotoCheckBounds } from './bounds.ts';

/** Where the before/after pairs go for a person to look at (not committed). */
export const PAIRS_DIR = path.resolve(import.meta.dirname, '../../../test-results/corrections');

/** The guide the student sees: head-top, eye-line and face-width bands, drawn as thin lines. */
function guide(b: PhotoCheckBounds): Buffer {
  const lines = [
    ...[b.topSide.min, b.topSide.max].map((y) => `<line x1="0" x2="${b.width}" y1="${y}" y2="${y}" stroke="#0a0"/>`),
    ...[b.eyeSide.min, b.eyeSide.max].map((y) => `<line x1="0" x2="${b.width}" y1="${y}" y2="${y}" stroke="#c0c"/>`),
    ...[b.leftSide.min, b.leftSide.max, b.width - b.rightSide.min, b.width - b.rightSide.max].map(
      (x) => `<line y1="0" y2="${b.height}" x1="${x}" x2="${x}" stroke="#e80" stroke-dasharray="6 6"/>`,
    ),
  ];
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${b.width}" height="${b.height}">${lines.join('')}</svg>`,
  );
}

/** Writes original | corrected (both 480 x 640, the guide drawn on each) side by side as a PNG. */
export async function writePair(name: string, before: Buffer, after: Buffer, b: PhotoCheckBounds): Promise<string> {
  mkdirSync(PAIRS_DIR, { recursive: true });
  const g = guide(b);
  const one = (bytes: Buffer, fit: 'cover' | 'fill') =>
    sharp(bytes)
      .rotate()
      .resize(b.width, b.height, { fit })
      .composite([{ input: g }])
      .png()
      .toBuffer();
  const file = path.join(PAIRS_DIR, `${name}.png`);
  await sharp({ create: { width: b.width * 2 + 8, height: b.height, channels: 3, background: '#fff' } })
    .composite([
      { input: await one(before, 'cover'), left: 0, top: 0 },
      { input: await one(after, 'fill'), left: b.width + 8, top: 0 },
    ])
    .png()
    .toFile(file);
  return file;
}
