import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import { normalise } from './decode.ts';
import { CheckPool } from './check-pool.ts';
import { failingItems } from '@portal/photo-check/check-result';

// Synthetic variants of the project's own compliant fixture, each breaking one of the added items.
const dir = path.resolve(import.meta.dirname, '../../../test/fixtures/photos');
const compliant = readFileSync(path.join(dir, 'compliant-1.jpg'));
const pool = new CheckPool(1);
afterAll(() => pool.close());

/** The face of compliant-1 on the 480 x 640 frame (head top ~70, eyes ~273, margins ~132). */
const FACE = { left: 140, top: 160, width: 200, height: 260 };

async function check(bytes: Buffer) {
  const n = await normalise(bytes, 'task', DEFAULT_BOUNDS);
  const r = await pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
  return { ...r, failing: failingItems(r.check) };
}

/** compliant-1 with a region replaced by what `edit` makes of it. */
async function patch(
  region: typeof FACE,
  edit: (s: ReturnType<typeof sharp>) => ReturnType<typeof sharp>,
  at = { left: region.left, top: region.top },
) {
  const piece = await edit(sharp(compliant).extract(region)).toBuffer();
  return sharp(compliant)
    .composite([{ input: piece, ...at }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('the added items on synthetic variants of compliant-1', () => {
  it('compliant-1 passes every added item, with its values', async () => {
    const r = await check(compliant);
    expect(r.failing).toEqual([]);
    expect(r.check.faceCount).toMatchObject({ value: 1, min: 1, max: 1, result: true });
    expect(Math.abs(r.check.yaw!.value)).toBeLessThan(8);
    expect(r.check.blockiness!.value).toBeLessThan(1.5);
    expect(r.check.headAccessory).toMatchObject({ min: 0, max: DEFAULT_BOUNDS.headAccessory, result: true });
    expect(r.check.headAccessory!.value).toBeLessThan(DEFAULT_BOUNDS.headAccessory / 1.5);
  }, 60_000);

  it('a face darkened by 2 EV (the background untouched) is too dark', async () => {
    const r = await check(await patch(FACE, (s) => s.linear(0.25, 0).gamma(2.2, 2.2)));
    expect(r.failing).toContain('faceExposure');
    expect(r.check.problems?.[0]).toBe('tooDark');
  }, 60_000);

  it('the whole photo 2 EV darker is too dark', async () => {
    const r = await check(await sharp(compliant).linear(0.25, 0).gamma(2.2, 2.2).jpeg({ quality: 92 }).toBuffer());
    expect(r.failing).toContain('exposure');
    expect(r.check.problems?.[0]).toBe('tooDark');
  }, 60_000);

  it('a second, smaller face pasted half out of the frame counts as a second face', async () => {
    const small = await sharp(compliant).extract(FACE).resize(120).toBuffer();
    const bytes = await sharp(compliant)
      .composite([{ input: small, left: 400, top: 380 }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const r = await check(bytes);
    expect(r.check.faceCount!.value).toBeGreaterThan(1);
    expect(r.check.problems).toEqual(['manyFaces']);
  }, 60_000);

  it('a head turned sideways (one half of the face squeezed, the other stretched) fails yaw', async () => {
    const half = FACE.width / 2;
    const left = await sharp(compliant)
      .extract({ ...FACE, width: half })
      .resize(Math.round(half * 0.55), FACE.height, { fit: 'fill' })
      .toBuffer();
    const right = await sharp(compliant)
      .extract({ ...FACE, left: FACE.left + half, width: half })
      .resize(Math.round(half * 1.45), FACE.height, { fit: 'fill' })
      .toBuffer();
    const bytes = await sharp(compliant)
      .composite([
        { input: left, left: FACE.left, top: FACE.top },
        { input: right, left: FACE.left + Math.round(half * 0.55), top: FACE.top },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    const r = await check(bytes);
    expect(Math.abs(r.check.yaw!.value)).toBeGreaterThan(DEFAULT_BOUNDS.yaw);
    expect(r.check.problems).toContain('headTurned');
  }, 60_000);

  it('a raised head (eye-to-nose squeezed, nose-to-chin stretched) fails pitch', async () => {
    const band = (top: number, height: number, to: number) =>
      sharp(compliant).extract({ left: 100, top, width: 280, height }).resize(280, to, { fit: 'fill' }).toBuffer();
    const bytes = await sharp(compliant)
      .composite([
        { input: await band(278, 64, 36), left: 100, top: 278 },
        { input: await band(342, 100, 128), left: 100, top: 314 },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    const r = await check(bytes);
    expect(r.check.pitch!.value).toBeLessThan(DEFAULT_BOUNDS.pitch.min);
    expect(r.check.problems).toContain('headRaised');
  }, 60_000);

  it('an open mouth (the jaw dropped 28 px below the lip line, a dark gap between the lips) fails mouthClosed', async () => {
    const jaw = await sharp(compliant).extract({ left: 150, top: 375, width: 170, height: 110 }).toBuffer();
    const gap = Buffer.from(
      '<svg width="480" height="640"><ellipse cx="234" cy="390" rx="33" ry="15" fill="#3a0c0c"/></svg>',
    );
    const bytes = await sharp(compliant)
      .composite([
        { input: jaw, left: 150, top: 403 },
        { input: gap, left: 0, top: 0 },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    const r = await check(bytes);
    expect(r.check.mouthClosed!.value).toBeGreaterThan(DEFAULT_BOUNDS.mouthOpen);
    expect(r.check.problems).toContain('mouthOpen');
  }, 60_000);

  it.each([3, 6])(
    'a Gaussian blur of sigma %i fails sharpness and definition',
    async (sigma) => {
      const r = await check(await sharp(compliant).blur(sigma).jpeg({ quality: 92 }).toBuffer());
      expect(r.failing).toEqual(expect.arrayContaining(['definition', 'sharpness']));
      expect(r.check.problems?.[0]).toBe('blurred');
    },
    60_000,
  );

  it('a JPEG re-saved at quality 3 fails blockiness', async () => {
    const r = await check(await sharp(compliant).jpeg({ quality: 3 }).toBuffer());
    expect(r.failing).toContain('blockiness');
    expect(r.check.problems?.[0]).toBe('compressed');
  }, 60_000);

  // Drawn on the hair of compliant-1 (head top ~70, eyebrows ~234, face axis x 240).
  const lenses = (fill: string, rim: string) =>
    `<svg width="480" height="640"><g fill="${fill}" stroke="${rim}" stroke-width="4">` +
    '<ellipse cx="192" cy="140" rx="40" ry="22"/><ellipse cx="288" cy="140" rx="40" ry="22"/></g>' +
    `<path d="M232 138 Q240 130 248 138" stroke="${rim}" stroke-width="4" fill="none"/></svg>`;
  it.each([
    ['brown sunglasses pushed up on the hair', lenses('#7a4632', '#c8c8c8')],
    ['dark lenses with a metal rim on the hair', lenses('#2a2a2e', '#b0b0b0')],
    [
      'a red headband across the hair',
      '<svg width="480" height="640"><path d="M150 150 Q240 95 330 150" stroke="#d23c3c" stroke-width="16" fill="none"/></svg>',
    ],
  ])(
    '%s fails headAccessory, in words: remove the accessory',
    async (_what, svg) => {
      const r = await check(
        await sharp(compliant)
          .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
          .jpeg({ quality: 92 })
          .toBuffer(),
      );
      expect(r.check.headAccessory!.value).toBeGreaterThan(DEFAULT_BOUNDS.headAccessory);
      expect(r.failing).toEqual(['headAccessory']);
      expect(r.check.problems).toEqual(['accessory']);
    },
    60_000,
  );

  it('a hand-painted stripe pattern behind the head fails background uniformity; a plain wall does not', async () => {
    const stripes = Buffer.alloc(480 * 640 * 3);
    for (let y = 0; y < 640; y++)
      for (let x = 0; x < 480; x++)
        stripes.fill(Math.floor(x / 24) % 2 ? 255 : 150, (y * 480 + x) * 3, (y * 480 + x) * 3 + 3);
    const bg = await sharp(stripes, { raw: { width: 480, height: 640, channels: 3 } })
      .png()
      .toBuffer();
    // The person from compliant-1 over the stripes: only the frame's upper corners are changed.
    const corner = await sharp(bg).extract({ left: 0, top: 0, width: 110, height: 640 }).toBuffer();
    const r = await check(
      await sharp(compliant)
        .composite([{ input: corner, left: 0, top: 0 }])
        .jpeg({ quality: 92 })
        .toBuffer(),
    );
    expect(r.failing).toContain('backgroundUniformity');
    expect(r.check.problems).toContain('backgroundBusy');
  }, 60_000);
});
