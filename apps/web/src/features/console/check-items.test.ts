import { describe, expect, it } from 'vitest';
import { failedItems } from './check-items.ts';

describe('failed check items', () => {
  it('names a face unlike the earlier photos only when it is, and never the distance figure', () => {
    expect(failedItems({ eyeSide: true, faceMismatch: false, faceDistanceMax: 0 })).toEqual([]);
    expect(failedItems({ eyeSide: false, faceMismatch: true, faceDistanceMax: 0.71 })).toEqual([
      'eyeSide',
      'faceMismatch',
    ]);
  });
});
