import { describe, expect, it } from 'vitest';
import { EYES_SHUT, photoProblems, type PhotoCheck } from './photos.ts';

const ok = (value: number, min: number, max: number) => ({ value, min, max, result: value >= min && value <= max });

/** A check where every item passes (a compliant photo's values), eyesOpen as given. */
function check(eyesOpen: number): Omit<PhotoCheck, 'picPath' | 'problems'> {
  return {
    topSide: ok(70, 50, 110),
    eyeSide: ok(270, 200, 300),
    leftSide: ok(130, 90, 150),
    rightSide: ok(130, 90, 150),
    chinSide: ok(120, 40, 330),
    eyeAngle: { angle: 0.5, config_angle: 5 },
    definition: true,
    blackSide: true,
    background: true,
    backgroundout: true,
    topComplete: true,
    faceCount: ok(1, 1, 1),
    eyesOpen: ok(eyesOpen, 24, 100),
  };
}

describe('the eyes in plain words', () => {
  it('open eyes are no problem', () => {
    expect(photoProblems(check(30))).toEqual([]);
  });
  it('lids half down (squinting, a lowered gaze) say "half closed"', () => {
    expect(photoProblems(check(21))).toEqual(['eyesHalfClosed']);
    expect(photoProblems(check(EYES_SHUT))).toEqual(['eyesHalfClosed']);
  });
  it('shut eyes say "closed"', () => {
    expect(photoProblems(check(EYES_SHUT - 0.1))).toEqual(['eyesClosed']);
    expect(photoProblems(check(6))).toEqual(['eyesClosed']);
  });
});
