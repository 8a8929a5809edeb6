import type { PhotoCheckBounds, Range } from './bounds.ts';
import type { FaceFinding, SideItem } from './check-result.ts';
import type { BackgroundStats } from './background-measures.ts';
import type { Frame } from './frame.ts';
import type { PersonMask } from './person-mask.ts';
import { headAccessory } from './head-accessory.ts';
import { noLap, type Lap } from './stage-timer.ts';
import {
  blockiness,
  eyeAspect,
  faceLight,
  frameHighlight,
  mouthOpening,
  pitchRatio,
  skinBox,
  yawDegrees,
} from './face-measures.ts';

const r1 = (v: number) => Math.round(v * 10) / 10;
const within = (value: number, r: Range): SideItem => ({
  value: r1(value),
  min: r.min,
  max: r.max,
  result: value >= r.min && value <= r.max,
});
const none = (r: Range): SideItem => ({ value: 0, min: r.min, max: r.max, result: false });

/**
 * The items a human examiner checks beyond the specification's list, each a value with its
 * range: exposure of the frame and the face, the face's contrast, the face count (the second
 * look included), head yaw and pitch, eyes open, mouth closed, an accessory on the head,
 * JPEG blockiness, and the uniformity of the masked background.
 */
export function qualityItems(
  f: Frame,
  face: FaceFinding,
  b: PhotoCheckBounds,
  bg: BackgroundStats,
  mask: PersonMask,
  lap: Lap = noLap,
) {
  const count = face.count === 1 ? 1 + (face.others?.length ?? 0) : face.count;
  const highlight = frameHighlight(f);
  lap('exposure');
  const common = {
    faceCount: within(count, { min: 1, max: 1 }),
    exposure: within(highlight, b.exposure),
    backgroundUniformity: {
      value: r1(bg.spread),
      min: 0,
      max: b.backgroundSpread,
      result: bg.share >= 0.03 && bg.spread <= b.backgroundSpread,
    },
  };
  if (face.count !== 1 || face.landmarks.length !== 68) {
    return {
      ...common,
      faceExposure: none(b.faceExposure),
      contrast: none(b.contrast),
      yaw: none({ min: -b.yaw, max: b.yaw }),
      pitch: none(b.pitch),
      eyesOpen: none({ min: b.eyesOpen, max: 100 }),
      mouthClosed: none({ min: 0, max: b.mouthOpen }),
      headAccessory: none({ min: 0, max: b.headAccessory }),
      blockiness: none({ min: 0, max: b.blockiness }),
      sharpness: none({ min: b.definition, max: 1e6 }),
    };
  }
  const lm = face.landmarks;
  const light = faceLight(f, skinBox(lm));
  lap('face light');
  const accessory = headAccessory(f, mask, lm);
  lap('head accessory');
  const browY = Math.min(...lm.slice(17, 27).map((p) => p.y));
  const blocks = blockiness(f, { x0: lm[0]!.x, y0: browY, x1: lm[16]!.x, y1: lm[8]!.y });
  lap('blockiness');
  return {
    ...common,
    faceExposure: within(light.p95, b.faceExposure),
    contrast: within(light.std, b.contrast),
    yaw: within(yawDegrees(lm), { min: -b.yaw, max: b.yaw }),
    pitch: within(pitchRatio(lm), b.pitch),
    eyesOpen: within(eyeAspect(lm), { min: b.eyesOpen, max: 100 }),
    mouthClosed: within(mouthOpening(lm), { min: 0, max: b.mouthOpen }),
    headAccessory: within(accessory, { min: 0, max: b.headAccessory }),
    blockiness: within(blocks, { min: 0, max: b.blockiness }),
  };
}
