import { describe, expect, it } from 'vitest';
import { CONTRADICTING_PROBLEMS, EYES_SHUT, photoProblems, type PhotoCheck } from './photos.ts';
import { photoProblemMessages as photoMessages } from './messages/photos.ts';

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

describe('one consistent instruction', () => {
  const base = () => ({ ...check(30), pitch: ok(40, 34, 48), yaw: ok(2, -15, 15) });
  it('a head cut off at the top with the eyes too low is too large: step back, never "move down" and "move up"', () => {
    const c = { ...base(), topComplete: false, topSide: ok(0, 50, 110), eyeSide: ok(320, 200, 300) };
    const p = photoProblems(c);
    expect(p).toContain('faceLarge');
    expect(p).not.toContain('headHigh');
    expect(p).not.toContain('headLow');
    for (const [a, b] of CONTRADICTING_PROBLEMS) expect(p.includes(a) && p.includes(b), `${a} with ${b}`).toBe(false);
  });
  it('a head top too low with the eyes too high is too small: move closer', () => {
    const c = { ...base(), topSide: ok(130, 50, 110), eyeSide: ok(190, 200, 300) };
    expect(photoProblems(c)).toEqual(['faceSmall']);
  });
  it('eyes with no iris showing are closed, named before the head-pose words', () => {
    const c = { ...base(), irisVisible: ok(18, 26, 100), pitch: ok(50, 34, 48) };
    expect(photoProblems(c)).toEqual(['eyesClosed', 'headLowered']);
  });
  it('a rolled head is named tilted first, not turned', () => {
    const c = { ...base(), eyeAngle: { angle: 15, config_angle: 5 } };
    expect(photoProblems(c)).toEqual(['tilted']);
    expect(photoMessages['photo.problem.tilted'].zh).toBe('头部歪斜，请保持头部端正');
  });
  it('a colour cast on the cheeks or on the blue background is named in the specification’s words', () => {
    expect(photoProblems({ ...base(), skinA: ok(-8, 2, 32), skinB: ok(20, 6, 38) })).toEqual(['colourCast']);
    expect(photoProblems({ ...base(), hueShift: ok(40, 0, 22) })).toEqual(['colourCast']);
    expect(photoMessages['photo.problem.colourCast'].zh).toBe('照片偏色，请在自然光或白光下拍摄，不要使用滤镜');
  });
  it('light from one side, hot spots and lens glare each say where the light should come from', () => {
    expect(photoProblems({ ...base(), lightBalance: ok(50, 68, 100), contrast: ok(95, 15, 90) })).toEqual([
      'sideLight',
    ]);
    expect(photoProblems({ ...base(), hotSpots: ok(30, 0, 12) })).toEqual(['hotSpots']);
    expect(photoProblems({ ...base(), lensGlare: ok(40, 0, 15) })).toEqual(['lensGlare']);
    for (const k of ['sideLight', 'hotSpots'] as const)
      expect(photoMessages[`photo.problem.${k}`].zh).toMatch(/正前方/);
  });
  it('a frame across the eyes asks to move the glasses, not to open the eyes; hair over the brows asks to comb it up', () => {
    const framed = photoProblems({
      ...base(),
      glassesFrame: ok(80, 0, 50),
      irisVisible: ok(10, 26, 100),
      eyesOpen: ok(10, 24, 100),
    });
    expect(framed).toEqual(['glassesFrame']);
    expect(photoProblems({ ...base(), browsCovered: ok(90, 0, 35) })).toEqual(['hairOverBrows']);
    expect(photoMessages['photo.problem.glassesFrame'].zh).toMatch(/镜框/);
    expect(photoMessages['photo.problem.hairOverBrows'].zh).toMatch(/眉毛以上/);
  });
});
