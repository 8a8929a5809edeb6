import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import { CheckPool } from './check-pool.ts';
import { normalise } from './decode.ts';
import { realworldBytes, realworldSet } from './realworld-set.ts';

const set = realworldSet();
if (!set)
  console.warn('photos-realworld: ../shared/data/photos-realworld/ is absent; the generated variants are skipped');

type Pt = { x: number; y: number };
const W = DEFAULT_BOUNDS.width;
const H = DEFAULT_BOUNDS.height;
const pool = new CheckPool(1);
afterAll(() => pool.close());

async function check(jpeg: Buffer) {
  const n = await normalise(jpeg, 'task', DEFAULT_BOUNDS);
  const r = await pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
  return { ...r, problems: r.check.problems ?? [] };
}
const jpeg = (rgb: Uint8Array) =>
  sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
const meanPt = (ps: Pt[]) => ({
  x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
  y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
});

/** Mean luminance of a square around a point. */
function lumaAround(rgb: Uint8Array, p: Pt, r: number): number {
  let s = 0;
  let n = 0;
  for (let y = Math.round(p.y - r); y < p.y + r; y++)
    for (let x = Math.round(p.x - r); x < p.x + r; x++) {
      const i = (y * W + x) * 3;
      s += 0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!;
      n++;
    }
  return s / n;
}

/**
 * Light from one side: the side of the face already the darker (a lamp on the other side) darkened
 * by `k` more, fading in over 24 px across the nose line.
 */
function darkenSide(rgb: Uint8Array, lm: Pt[], k: number): Uint8Array {
  const noseX = lm[30]!.x;
  const r = (lm[16]!.x - lm[0]!.x) * 0.1;
  const leftDarker = lumaAround(rgb, meanPt([lm[2]!, lm[31]!]), r) < lumaAround(rgb, meanPt([lm[14]!, lm[35]!]), r);
  const out = Uint8Array.from(rgb);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const t = Math.min(1, Math.max(0, ((leftDarker ? 1 : -1) * (noseX - x) + 12) / 24));
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = Math.round(rgb[i + c]! * (1 - k * t));
    }
  return out;
}

/** A bright specular blob over each lens: a soft white ellipse centred on each eye. */
async function glare(frame: Buffer, lm: Pt[]): Promise<Buffer> {
  const eyes = [meanPt(lm.slice(36, 42)), meanPt(lm.slice(42, 48))];
  const rx = Math.hypot(lm[39]!.x - lm[36]!.x, lm[39]!.y - lm[36]!.y) * 0.6;
  const blobs = eyes
    .map((e) => `<ellipse cx="${e.x}" cy="${e.y - rx * 0.1}" rx="${rx}" ry="${rx * 0.6}" fill="url(#g)"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><radialGradient id="g"><stop offset="0.7" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>${blobs}</svg>`;
  return sharp(frame)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A blown-out shine on the forehead: a soft white ellipse above the brows. */
async function shine(frame: Buffer, lm: Pt[]): Promise<Buffer> {
  const faceW = lm[16]!.x - lm[0]!.x;
  const browY = Math.min(...lm.slice(17, 27).map((p) => p.y));
  const c = { x: (lm[19]!.x + lm[24]!.x) / 2, y: browY - faceW * 0.13 };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><radialGradient id="g"><stop offset="0.6" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs><ellipse cx="${c.x}" cy="${c.y}" rx="${faceW * 0.2}" ry="${faceW * 0.08}" fill="url(#g)"/></svg>`;
  return sharp(frame)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * Glasses slid down the nose: a dark rim around each eye whose top bar runs through the pupils,
 * the lenses twice the eye's width, with a bridge between them.
 */
async function frameAcross(frame: Buffer, lm: Pt[]): Promise<Buffer> {
  const eyes = [meanPt(lm.slice(36, 42)), meanPt(lm.slice(42, 48))];
  const w = Math.hypot(lm[39]!.x - lm[36]!.x, lm[39]!.y - lm[36]!.y);
  const stroke = Math.max(4, w * 0.16);
  const rims = eyes
    .map(
      (e) =>
        `<rect x="${e.x - w * 0.95}" y="${e.y - w * 0.05}" width="${w * 1.9}" height="${w * 1.1}" rx="${w * 0.3}" fill="none" stroke="#1c1c1c" stroke-width="${stroke}"/>`,
    )
    .join('');
  const bridge = `<line x1="${eyes[0]!.x + w * 0.95}" y1="${eyes[0]!.y + w * 0.1}" x2="${eyes[1]!.x - w * 0.95}" y2="${eyes[1]!.y + w * 0.1}" stroke="#1c1c1c" stroke-width="${stroke}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${rims}${bridge}</svg>`;
  return sharp(frame)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/**
 * A fringe: dark strands from high on the forehead, their tips uneven, in shades of brown-black,
 * ending `reach` (share of the face's width) below the brows: over them when positive, a clear
 * band of forehead above them when negative.
 */
async function fringe(frame: Buffer, lm: Pt[], reach: number): Promise<Buffer> {
  const faceW = lm[16]!.x - lm[0]!.x;
  const brows = lm.slice(17, 27);
  const top = Math.min(...brows.map((p) => p.y)) - faceW * 0.45;
  const x0 = lm[17]!.x - faceW * 0.12;
  const x1 = lm[26]!.x + faceW * 0.12;
  // The brow line under x (nearest brow landmark), the strands' tips a little below it.
  const browAt = (x: number) => brows.reduce((a, p) => (Math.abs(p.x - x) < Math.abs(a.x - x) ? p : a)).y;
  // The mass of the fringe down to just above the brows, then strands of it ending over them.
  const edge: string[] = [];
  const strands: string[] = [];
  for (let x = x0, i = 0; x <= x1; x += 2, i++) {
    const tip = browAt(x) + faceW * (reach + ((i * 7) % 5) / 150);
    const bend = ((i * 13) % 9) - 4;
    edge.push(`${x},${browAt(x) + faceW * (reach - 0.08)}`);
    strands.push(
      `<path d="M${x},${top + faceW * 0.1} Q${x + bend},${(top + tip) / 2} ${x + bend / 2},${tip}" stroke="${['#2b211c', '#3a2c23', '#1f1814'][i % 3]}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    );
  }
  const mass = `<polygon points="${x0},${top} ${x1},${top} ${edge.reverse().join(' ')}" fill="#2b211c"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${mass}${strands.join('')}</svg>`;
  return sharp(frame)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Half of a second face at the right edge: the photo's own face, made smaller, pasted half outside. */
async function secondFace(frame: Buffer, lm: Pt[]): Promise<Buffer> {
  const x0 = Math.max(0, Math.round(lm[0]!.x - 10));
  const x1 = Math.min(W, Math.round(lm[16]!.x + 10));
  const y0 = Math.max(0, Math.round(Math.min(...lm.slice(17, 27).map((p) => p.y)) - 60));
  const y1 = Math.min(H, Math.round(lm[8]!.y + 10));
  const w = Math.round((x1 - x0) * 0.75);
  const face = await sharp(frame)
    .extract({ left: x0, top: y0, width: x1 - x0, height: y1 - y0 })
    .resize(w)
    .toBuffer({ resolveWithObject: true });
  // Only the left half stays inside the frame.
  const half = await sharp(face.data)
    .extract({ left: 0, top: 0, width: Math.round(w * 0.55), height: face.info.height })
    .toBuffer();
  return sharp(frame)
    .composite([{ input: half, left: W - Math.round(w * 0.55), top: Math.round(H * 0.3) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The photo turned about its middle (the corners filled with the background's blue), cut back to 480 x 640. */
async function rolled(rgb: Uint8Array, deg: number): Promise<Buffer> {
  const turned = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
    .rotate(deg, { background: { r: 100, g: 197, b: 255 } })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = turned.info;
  return sharp(turned.data, { raw: { width, height, channels: 3 } })
    .extract({ left: Math.round((width - W) / 2), top: Math.round((height - H) / 2), width: W, height: H })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe.skipIf(!set)('broken variants generated from the real-world set’s compliant photos', () => {
  it('refuses every broken one naming its rule and still accepts every original', async () => {
    const compliant = set!.filter((p) => /-compliant\.jpg$/.test(p.file));
    const wrong: string[] = [];
    let broken = 0;
    for (const [n, photo] of compliant.entries()) {
      const bytes = realworldBytes(photo);
      const original = await check(bytes);
      if (!original.passed) wrong.push(`${photo.file}: original refused (${original.problems.join(',')})`);
      const lm = original.landmarks!;
      expect(lm, `${photo.file}: landmarks`).toHaveLength(68);
      const frame = (await normalise(bytes, 'task', DEFAULT_BOUNDS)).rgb;
      const frameJpeg = await jpeg(frame);
      // Hue, darkening and blob size spread over their ranges with the photo's index.
      const hue = 30 + ((n * 47) % 151);
      const k = 0.4 + ((n * 7) % 31) / 100;
      const variants: [string, string, Buffer][] = [
        [`hue +${hue}°`, 'colourCast', await sharp(bytes).modulate({ hue }).jpeg({ quality: 92 }).toBuffer()],
        ['hue +180°', 'colourCast', await sharp(bytes).modulate({ hue: 180 }).jpeg({ quality: 92 }).toBuffer()],
        [`one side ${Math.round(k * 100)} % darker`, 'sideLight', await jpeg(darkenSide(frame, lm, k))],
        ['glare on both lenses', 'lensGlare', await glare(frameJpeg, lm)],
        ['shine on the forehead', 'hotSpots', await shine(frameJpeg, lm)],
        ['half a face at the edge', 'manyFaces', await secondFace(frameJpeg, lm)],
        ['a spectacle frame across the eyes', 'glassesFrame', await frameAcross(frameJpeg, lm)],
        ['a fringe over the eyebrows', 'hairOverBrows', await fringe(frameJpeg, lm, 0.02)],
        ['head rolled 15°', 'tilted', await rolled(frame, 15)],
      ];
      // A fringe that stops short of the brows is allowed (the standard asks only that they show).
      const shortFringe = await check(await fringe(frameJpeg, lm, -0.09));
      if (shortFringe.problems.includes('hairOverBrows'))
        wrong.push(`${photo.file} a fringe above the brows: refused as hairOverBrows`);
      for (const [what, rule, img] of variants) {
        broken++;
        const r = await check(img);
        // A roll is named first, and never read as a turned head or an open mouth.
        const rollWrong =
          rule === 'tilted' &&
          (r.problems[0] !== 'tilted' || r.problems.some((p) => p === 'headTurned' || p === 'mouthOpen'));
        if (r.passed || !r.problems.includes(rule) || rollWrong)
          wrong.push(`${photo.file} ${what}: ${r.passed ? 'accepted' : r.problems.join(',')} (want ${rule})`);
      }
    }
    console.log(
      `generated variants: ${broken} broken from ${compliant.length} compliant photos; wrong ${wrong.length}${wrong.length ? `: ${wrong.join('; ')}` : ''}`,
    );
    expect(wrong).toEqual([]);
  }, 600_000);

  it('a hue turned 30° either way on a white background is refused on the skin alone', async () => {
    // A turn leaves a white or grey wall white: only the face tells. The skin's hue angle leaves its
    // natural range here; a person whose skin sits near one end of it can still pass a turn towards
    // the middle (the light grey set's photo turned -30° lands at a natural 28°).
    const photo = set!.find((p) => p.file === 'obama-white-background.jpg')!;
    for (const hue of [30, 330]) {
      const r = await check(await sharp(realworldBytes(photo)).modulate({ hue }).jpeg({ quality: 92 }).toBuffer());
      expect(r.passed, `hue ${hue}`).toBe(false);
      expect(r.problems[0], `hue ${hue}`).toBe('colourCast');
    }
  }, 60_000);
});
