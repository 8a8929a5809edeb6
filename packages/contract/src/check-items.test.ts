import { describe, expect, it } from 'vitest';
import { failingItems } from './check-items.ts';

describe('failing check items', () => {
  it('names a face unlike the earlier photos only when it is, and never the distance figure', () => {
    expect(failingItems({ eyeSide: { result: true }, faceMismatch: false, faceDistanceMax: 0 })).toEqual([]);
    expect(failingItems({ eyeSide: { result: false }, faceMismatch: true, faceDistanceMax: 0.71 })).toEqual([
      'eyeSide',
      'faceMismatch',
    ]);
  });
  it('counts false items and items whose result is false, nothing else', () => {
    expect(
      failingItems({ definition: false, background: true, topSide: { result: false }, problems: ['blurred'] }),
    ).toEqual(['definition', 'topSide']);
    expect(failingItems(null)).toEqual([]);
    expect(failingItems('x')).toEqual([]);
  });
  it('counts a tilted eye line, which the seed gives as an angle and its limit, not a result', () => {
    expect(failingItems({ eyeAngle: { angle: -6.5, config_angle: 5 } })).toEqual(['eyeAngle']);
    expect(failingItems({ eyeAngle: { angle: 4.9, config_angle: 5 } })).toEqual([]);
  });
});
