import { photoProblems } from '@portal/contract/photos';
import type { PhotoCheckBounds } from './bounds.ts';
import type { FaceFinding, PhotoCheck } from './check-result.ts';
import type { Frame } from './frame.ts';
import type { PersonMask } from './mask-grid.ts';
import { headTop, measure } from './measure.ts';
import { MIN_SECOND_FACE, SECOND_SCORE, STRONG_SCORE } from './face-scores.ts';

/**
 * The camera capture's live guidance (see ARCHITECTURE.md, "Photo check"): the check's own
 * measures and its own problem order (photoProblems) run on each preview frame, so the
 * instruction shown is the problem the check would name. Pure functions on pixels and
 * landmarks: the browser runs them on the camera's frames, Node on the real-world set.
 * Only the person mask differs: the model the check uses is too slow for a phone at 10 frames
 * a second, so the person is drawn from the face's landmarks (head, hair, neck, shoulders).
 */

/** One thing to do, the most important first; `null` when every item is green. */
export type Instruction =
  | 'noFace'
  | 'manyFaces'
  | 'closer'
  | 'back'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'level'
  | 'faceCamera'
  | 'chinDown'
  | 'chinUp'
  | 'eyes'
  | 'mouth'
  | 'moreLight'
  | 'lessLight'
  | 'evenLight'
  | 'holdStill'
  | 'accessory'
  | 'glasses'
  | 'frame'
  | 'hair'
  | 'trueColour'
  | 'background';

export const INSTRUCTIONS: readonly Instruction[] = [
  'noFace',
  'manyFaces',
  'closer',
  'back',
  'up',
  'down',
  'left',
  'right',
  'level',
  'faceCamera',
  'chinDown',
  'chinUp',
  'eyes',
  'mouth',
  'moreLight',
  'lessLight',
  'evenLight',
  'holdStill',
  'accessory',
  'glasses',
  'frame',
  'hair',
  'trueColour',
  'background',
];

export interface Guidance {
  /** The check's problems on this frame (keys of photo.problem.*), most important first. */
  problems: string[];
  /** What to do first, or null when the frame would pass. */
  instruction: Instruction | null;
  /** Every guided item green: the shutter may open. */
  ready: boolean;
  check: Omit<PhotoCheck, 'picPath'>;
}

/**
 * Problems a live frame cannot show or the capture itself rules out: the capture encodes at a
 * high quality (never blocky) and crops inside the picture (never a border).
 */
const NOT_GUIDED = new Set(['compressed', 'darkBorder']);

/**
 * The instruction for one of the check's problems. Left and right are as the student sees the
 * preview: a mirrored preview (the front camera) shows the image's right side on the left.
 */
export function instructionFor(problem: string, check: Omit<PhotoCheck, 'picPath'>, mirrored: boolean): Instruction {
  switch (problem) {
    case 'noFace':
      return 'noFace';
    case 'manyFaces':
      return 'manyFaces';
    case 'faceSmall':
      return 'closer';
    case 'faceLarge':
      return 'back';
    case 'offCentre': {
      // Face nearer the image's left edge: it must go towards the image's right.
      const toImageRight = check.leftSide.value < check.rightSide.value;
      return toImageRight !== mirrored ? 'right' : 'left';
    }
    case 'headHigh':
    case 'headCut':
      return 'down';
    case 'headLow':
      return 'up';
    case 'tilted':
      return 'level';
    case 'headTurned':
      return 'faceCamera';
    case 'headRaised':
      return 'chinDown';
    case 'headLowered':
      return 'chinUp';
    case 'eyesClosed':
    case 'eyesHalfClosed':
      return 'eyes';
    case 'mouthOpen':
      return 'mouth';
    case 'tooDark':
    case 'flatLight':
      return 'moreLight';
    case 'tooBright':
      return 'lessLight';
    case 'harshLight':
    case 'sideLight':
    case 'hotSpots':
      return 'evenLight';
    case 'colourCast':
      return 'trueColour';
    case 'lensGlare':
      return 'glasses';
    case 'glassesFrame':
      return 'frame';
    case 'hairOverBrows':
      return 'hair';
    case 'blurred':
    case 'compressed':
      return 'holdStill';
    case 'darkBorder':
      return 'back';
    case 'accessory':
      return 'accessory';
    default:
      return 'background';
  }
}

type Pt = { x: number; y: number };
const avg = (ps: Pt[]) => ps.reduce((a, p) => ({ x: a.x + p.x / ps.length, y: a.y + p.y / ps.length }), { x: 0, y: 0 });

/** Mask cells are 2 px of the frame: fine enough for the head top's band. */
const MASK_STEP = 2;

/**
 * The person drawn from the landmarks: the head from its top (where the hair leaves the
 * background colour, found as the check's colour scan does, held to a plausible height) down to
 * the chin, wider than the jaw for hair and ears, then the neck widening into the shoulders to
 * the bottom edge. Without one face, no person (the check then names the face count anyway).
 */
export function landmarkMask(f: Frame, face: FaceFinding): PersonMask {
  const width = Math.ceil(f.width / MASK_STEP);
  const height = Math.ceil(f.height / MASK_STEP);
  const data = new Float32Array(width * height);
  if (face.count !== 1 || face.landmarks.length !== 68) return { data, width, height };
  const lm = face.landmarks;
  const eyeY = (avg(lm.slice(36, 42)).y + avg(lm.slice(42, 48)).y) / 2;
  const chin = lm[8]!;
  const jawW = Math.max(1, lm[16]!.x - lm[0]!.x);
  const cx = (lm[0]!.x + lm[16]!.x) / 2;
  const lower = Math.max(1, chin.y - eyeY);
  // The head top by colour, against the upper corners' colour, kept within 0.6-1.6 eye-to-chin above the eyes.
  const corner = cornerColour(f);
  const scanned = headTop(f, corner, cx, jawW * 0.25, Math.round(eyeY));
  const top = Math.min(eyeY - 0.6 * lower, Math.max(eyeY - 1.6 * lower, scanned));
  const headHalf = jawW * 0.72;
  for (let my = 0; my < height; my++) {
    const y = my * MASK_STEP + MASK_STEP / 2;
    let half = 0;
    if (y >= top && y < eyeY) {
      const t = (eyeY - y) / Math.max(1, eyeY - top);
      half = headHalf * Math.sqrt(Math.max(0, 1 - t * t));
    } else if (y >= eyeY && y <= chin.y) half = headHalf;
    else if (y > chin.y) {
      // Neck, then the shoulders reaching well past the face.
      const t = Math.min(1, (y - chin.y) / (0.9 * jawW));
      half = jawW * (0.5 + 1.3 * t);
    }
    if (half <= 0) continue;
    const x0 = Math.max(0, Math.floor((cx - half) / MASK_STEP));
    const x1 = Math.min(width - 1, Math.ceil((cx + half) / MASK_STEP));
    data.fill(1, my * width + x0, my * width + x1 + 1);
  }
  return { data, width, height };
}

function cornerColour(f: Frame): number[] {
  const out = [0, 0, 0];
  let n = 0;
  for (const x0 of [20, f.width - 52]) {
    for (let y = 20; y < 52; y++) {
      for (let x = x0; x < x0 + 32; x++) {
        const i = (y * f.width + x) * 3;
        out[0]! += f.data[i]!;
        out[1]! += f.data[i + 1]!;
        out[2]! += f.data[i + 2]!;
        n++;
      }
    }
  }
  return out.map((v) => v / n);
}

/** The guidance on one 480 x 640 frame with what the face model found on it. */
export function liveGuidance(
  f: Frame,
  face: FaceFinding,
  bounds: PhotoCheckBounds,
  opts: { mirrored?: boolean } = {},
): Guidance {
  const check = measure(f, face, bounds, landmarkMask(f, face));
  const problems = photoProblems(check).filter((p) => !NOT_GUIDED.has(p));
  const first = problems[0];
  return {
    problems,
    instruction: first ? instructionFor(first, check, opts.mirrored ?? false) : null,
    ready: problems.length === 0,
    check,
  };
}

/** A detection as face-api gives it: box on the frame and score. */
export interface Detection {
  box: { x: number; y: number; width: number; height: number };
  score: number;
}

/**
 * The face finding from the detector's detections (run at LOW_SCORE) as the check counts them:
 * one strong face is the face; weaker ones of a fair size are possible second faces.
 * `landmarksOf` gives the 68 landmarks of the strong face (on the frame).
 */
export function findingFrom<D extends Detection>(all: D[], landmarksOf: (d: D) => Pt[]): FaceFinding {
  const strong = all.filter((d) => d.score >= STRONG_SCORE);
  const main = strong.length === 1 ? strong[0]! : null;
  const others = all
    .filter((d) => d !== main && d.score >= SECOND_SCORE && d.box.width >= MIN_SECOND_FACE)
    .map((d) => ({ ...d.box, score: d.score }));
  if (!main) return { count: strong.length, landmarks: [], others };
  return { count: 1, landmarks: landmarksOf(main), others };
}

/**
 * The part of a camera frame that becomes the photo: the largest centred 3:4 rectangle. The
 * preview shows the same part, so the bands drawn on it are the photo's.
 */
export function captureRect(videoWidth: number, videoHeight: number, aspect = 3 / 4) {
  const w = Math.min(videoWidth, videoHeight * aspect);
  const h = w / aspect;
  return { x: (videoWidth - w) / 2, y: (videoHeight - h) / 2, width: w, height: h };
}

/** RGBA pixels (a canvas's ImageData) as the 3-bytes-a-pixel frame the measures read. */
export function rgbaToFrame(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Frame {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0, j = 0; i < rgba.length; i += 4, j += 3) {
    data[j] = rgba[i]!;
    data[j + 1] = rgba[i + 1]!;
    data[j + 2] = rgba[i + 2]!;
  }
  return { data, width, height };
}
