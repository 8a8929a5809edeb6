import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS } from './check-config.ts';
import { normalise } from './decode.ts';
import { CheckPool } from './check-pool.ts';
import type { Detector } from './face-model.ts';
import type { PhotoCheck } from './check-result.ts';

const dir = path.resolve(import.meta.dirname, '../../../test/fixtures/photos');
const pool = new CheckPool(2, (process.env.PHOTO_DETECTOR as Detector) || 'tiny');
afterAll(() => pool.close());

/** The names of the items that fail, in the document's order. */
export function failing(c: Omit<PhotoCheck, 'picPath'>): string[] {
  const out: string[] = [];
  for (const k of ['topSide', 'eyeSide', 'leftSide', 'rightSide', 'chinSide'] as const) if (!c[k].result) out.push(k);
  if (Math.abs(c.eyeAngle.angle) > c.eyeAngle.config_angle) out.push('eyeAngle');
  for (const k of ['definition', 'blackSide', 'background', 'backgroundout', 'topComplete'] as const) if (!c[k]) out.push(k);
  return out;
}

async function check(file: string) {
  const n = await normalise(readFileSync(path.join(dir, file)), 'task', DEFAULT_BOUNDS);
  return pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
}

const NO_SINGLE_FACE = ['topSide', 'eyeSide', 'leftSide', 'rightSide', 'chinSide', 'definition', 'background', 'backgroundout', 'topComplete'];

// Each variant breaks one rule; this is every item the check reports failing for it.
const EXPECTED: Record<string, string[]> = {
  'compliant-1.jpg': [],
  'compliant-2.jpg': [],
  'compliant-3.jpg': [],
  'exif-rotated-gps.jpg': [],
  'shifted-up.jpg': ['topSide'],
  'shifted-down.jpg': ['eyeSide'],
  'too-small.jpg': ['leftSide', 'rightSide'],
  'too-large.jpg': ['topSide', 'eyeSide', 'leftSide', 'rightSide', 'background'],
  'off-centre.jpg': ['leftSide', 'rightSide'],
  'tilted-8.jpg': ['eyeAngle'],
  'blurred.jpg': ['definition'],
  'dark-border.jpg': ['blackSide'],
  'red-background.jpg': ['backgroundout'],
  'gradient-background.jpg': ['eyeSide', 'background'],
  'head-cut-off.jpg': ['topSide', 'topComplete'],
  'no-face.jpg': NO_SINGLE_FACE,
  'several-faces.jpg': NO_SINGLE_FACE,
};

describe('the photo check on the test set', () => {
  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`${file}: ${expected.length ? `fails ${expected.join(', ')}` : 'passes'}`, async () => {
      const r = await check(file);
      expect(failing(r.check)).toEqual(expected);
      expect(r.passed).toBe(expected.length === 0);
      // A passing photo carries its 128-number face descriptor; a rejected one none.
      expect(r.descriptor?.length ?? 0).toBe(expected.length === 0 ? 128 : 0);
    }, 60_000);
  }

  it('reports the measured values with their bounds, as the document names them', async () => {
    const r = await check('compliant-1.jpg');
    expect(Object.keys(r.check).sort()).toEqual(
      ['background', 'backgroundout', 'blackSide', 'chinSide', 'definition', 'eyeAngle', 'eyeSide', 'leftSide', 'rightSide', 'topComplete', 'topSide'].sort(),
    );
    expect(r.check.topSide).toMatchObject({ min: 50, max: 110, result: true });
    expect(r.check.topSide.value).toBeGreaterThanOrEqual(60);
    expect(r.check.topSide.value).toBeLessThanOrEqual(80);
    expect(r.check.eyeSide).toMatchObject({ min: 200, max: 300, result: true });
    expect(r.check.eyeAngle.config_angle).toBe(5);
    const tilted = await check('tilted-8.jpg');
    expect(Math.abs(tilted.check.eyeAngle.angle)).toBeGreaterThan(6);
  }, 60_000);
});
