import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import { normalise } from './decode.ts';
import { CheckPool } from './check-pool.ts';
import type { Detector } from '@portal/photo-check/face-model';
import { EXTRA_ITEMS } from '@portal/contract/photos';
import { failingItems as failing } from '@portal/photo-check/check-result';
import { photoFixture, SPEC_CHECK_KEYS } from '../../../test/photo-uploads.ts';

const pool = new CheckPool(2, (process.env.PHOTO_DETECTOR as Detector) || 'tiny');
afterAll(() => pool.close());

async function check(file: string) {
  const n = await normalise(photoFixture(file), 'task', DEFAULT_BOUNDS);
  return pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
}

// Without one face nothing is measured: every item fails but the frame's exposure.
const NO_SINGLE_FACE = [
  'topSide',
  'eyeSide',
  'leftSide',
  'rightSide',
  'chinSide',
  'definition',
  'background',
  'topComplete',
  ...EXTRA_ITEMS.filter((item) => item !== 'exposure'),
];

// Each variant breaks one rule; this is every item the check reports failing for it, and the
// problems in plain words (the first is the refusal's message).
const EXPECTED: Record<string, string[]> = {
  'compliant-1.jpg': [],
  'compliant-2.jpg': [],
  'compliant-3.jpg': [],
  'exif-rotated-gps.jpg': [],
  'shifted-up.jpg': ['topSide'],
  'shifted-down.jpg': ['eyeSide'],
  'too-small.jpg': ['leftSide', 'rightSide'],
  'too-large.jpg': ['topSide', 'eyeSide', 'leftSide', 'rightSide'],
  'off-centre.jpg': ['leftSide', 'rightSide'],
  'tilted-8.jpg': ['eyeAngle'],
  'blurred.jpg': ['definition', 'sharpness'],
  'dark-border.jpg': ['blackSide'],
  'red-background.jpg': ['backgroundout', 'browsCovered'],
  'red-behind-compliant.jpg': ['backgroundout'],
  'gradient-background.jpg': ['eyeSide', 'background', 'backgroundUniformity', 'browsCovered'],
  'head-cut-off.jpg': ['topSide', 'topComplete'],
  'no-face.jpg': NO_SINGLE_FACE.toSpliced(7, 0, 'backgroundout'),
  'several-faces.jpg': NO_SINGLE_FACE,
};
const PROBLEMS: Record<string, string[] | undefined> = {
  'shifted-up.jpg': ['headHigh'],
  'shifted-down.jpg': ['headLow'],
  'too-small.jpg': ['faceSmall'],
  // Head top too high and eyes too low at once: one instruction, step back (never 'move down' with 'move up').
  'too-large.jpg': ['faceLarge'],
  'off-centre.jpg': ['offCentre'],
  'tilted-8.jpg': ['tilted'],
  'blurred.jpg': ['blurred'],
  'dark-border.jpg': ['darkBorder'],
  'red-background.jpg': ['hairOverBrows', 'backgroundColour'],
  'red-behind-compliant.jpg': ['backgroundColour'],
  'gradient-background.jpg': ['hairOverBrows', 'headLow', 'backgroundBusy'],
  'head-cut-off.jpg': ['headCut', 'headHigh'],
  'no-face.jpg': ['noFace'],
  'several-faces.jpg': ['manyFaces'],
};

describe('the photo check on the test set', () => {
  for (const [file, expected] of Object.entries(EXPECTED)) {
    it(`${file}: ${expected.length ? `fails ${expected.join(', ')}` : 'passes'}`, async () => {
      const r = await check(file);
      expect(failing(r.check)).toEqual(expected);
      expect(r.check.problems).toEqual(PROBLEMS[file]);
      expect(r.passed).toBe(expected.length === 0);
      // A passing photo carries its 128-number face descriptor; a rejected one none.
      expect(r.descriptor?.length ?? 0).toBe(expected.length === 0 ? 128 : 0);
    }, 60_000);
  }

  it('reports the measured values with their bounds, as the document names them', async () => {
    const r = await check('compliant-1.jpg');
    // The specification's keys stay, the added items come beside them.
    expect(Object.keys(r.check).sort()).toEqual([...SPEC_CHECK_KEYS, ...EXTRA_ITEMS].sort());
    expect(r.check.topSide).toMatchObject({ min: 50, max: 110, result: true });
    expect(r.check.topSide.value).toBeGreaterThanOrEqual(60);
    expect(r.check.topSide.value).toBeLessThanOrEqual(90);
    expect(r.check.eyeSide).toMatchObject({ min: 200, max: 300, result: true });
    expect(r.check.eyeAngle.config_angle).toBe(5);
    const tilted = await check('tilted-8.jpg');
    expect(Math.abs(tilted.check.eyeAngle.angle)).toBeGreaterThan(6);
  }, 60_000);
});
