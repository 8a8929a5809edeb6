import type { PhotoCheckBounds, Range } from './bounds.ts';
import type { FaceFinding, SideItem } from './check-result.ts';
import type { BackgroundStats } from './background-measures.ts';
import type { Frame } from './frame.ts';
import type { PersonMask } from './person-mask.ts';
import { headAccessory } from './head-accessory.ts';
import { noLap, type Lap } from './stage-timer.ts';
import { backgroundHueShift, hotSpots, irisVisible, lensGlare, lightBalance, skinColour } from './face-colour.ts';
import { browsCovered, frameAcrossEyes } from './eye-cover.ts';
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
type Pt = { x: number; y: number };

/** The landmarks turned about the eyes' middle so that the eye line is level. */
export function levelled(lm: Pt[]): Pt[] {
  const m = (ps: Pt[]) => ({
    x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
    y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
  });
  const l = m(lm.slice(36, 42));
  const r = m(lm.slice(42, 48));
  const c = { x: (l.x + r.x) / 2, y: (l.y + r.y) / 2 };
  const a = -Math.atan2(r.y - l.y, r.x - l.x);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return lm.map((p) => ({
    x: c.x + cos * (p.x - c.x) - sin * (p.y - c.y),
    y: c.y + sin * (p.x - c.x) + cos * (p.y - c.y),
  }));
}

const none = (r: Range): SideItem => ({ value: 0, min: r.min, max: r.max, result: false });

/**
 * The items a human examiner checks beyond the specification's list, each a value with its
 * range: exposure of the frame and the face, the face's contrast, the face count (the second
 * look included), head yaw and pitch, eyes open, mouth closed, an accessory on the head,
 * JPEG blockiness, the uniformity of the masked background, colour and light on the face, and
 * what covers the eyes (glare, a spectacle frame, hair over the brows).
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
      hueShift: none({ min: 0, max: b.hueShift }),
      skinA: none(b.skinA),
      skinB: none(b.skinB),
      skinHue: none(b.skinHue),
      lightBalance: none({ min: b.lightBalance, max: 100 }),
      hotSpots: none({ min: 0, max: b.hotSpots }),
      lensGlare: none({ min: 0, max: b.lensGlare }),
      glassesFrame: none({ min: 0, max: b.glassesFrame }),
      browsCovered: none({ min: 0, max: b.browsCovered }),
      irisVisible: none({ min: b.irisVisible, max: 100 }),
    };
  }
  const lm = face.landmarks;
  // The pose and the eyes' and mouth's opening in the face's own frame: the eyes levelled first,
  // so a rolled head reads as rolled (eyeAngle), never as turned, raised or with its mouth open.
  const level = levelled(lm);
  const light = faceLight(f, skinBox(lm));
  lap('face light');
  const accessory = headAccessory(f, mask, lm);
  lap('head accessory');
  const browY = Math.min(...lm.slice(17, 27).map((p) => p.y));
  const blocks = blockiness(f, { x0: lm[0]!.x, y0: browY, x1: lm[16]!.x, y1: lm[8]!.y });
  lap('blockiness');
  const skin = skinColour(f, lm);
  const hue = bg.share >= 0.03 ? backgroundHueShift(bg.mean) : 0;
  const balance = lightBalance(f, lm);
  const hot = hotSpots(f, lm);
  const glare = lensGlare(f, lm);
  const iris = irisVisible(f, lm);
  lap('colour and light');
  const frameLine = frameAcrossEyes(f, lm);
  const brows = browsCovered(f, lm);
  lap('eyes and brows covered');
  return {
    ...common,
    faceExposure: within(light.p95, b.faceExposure),
    contrast: within(light.std, b.contrast),
    yaw: within(yawDegrees(level), { min: -b.yaw, max: b.yaw }),
    pitch: within(pitchRatio(level), b.pitch),
    eyesOpen: within(eyeAspect(level), { min: b.eyesOpen, max: 100 }),
    mouthClosed: within(mouthOpening(level), { min: 0, max: b.mouthOpen }),
    headAccessory: within(accessory, { min: 0, max: b.headAccessory }),
    blockiness: within(blocks, { min: 0, max: b.blockiness }),
    hueShift: within(hue, { min: 0, max: b.hueShift }),
    skinA: within(skin.a, b.skinA),
    skinB: within(skin.b, b.skinB),
    skinHue: within((Math.atan2(skin.b, skin.a) * 180) / Math.PI, b.skinHue),
    lightBalance: within(balance, { min: b.lightBalance, max: 100 }),
    hotSpots: within(hot, { min: 0, max: b.hotSpots }),
    lensGlare: within(glare, { min: 0, max: b.lensGlare }),
    glassesFrame: within(frameLine, { min: 0, max: b.glassesFrame }),
    browsCovered: within(brows, { min: 0, max: b.browsCovered }),
    irisVisible: within(iris, { min: b.irisVisible, max: 100 }),
  };
}
