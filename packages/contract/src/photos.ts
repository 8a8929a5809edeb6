import { z } from 'zod';

/** One measured distance of the check: value against the standard's range. */
export const sideItemSchema = z.object({ value: z.number(), min: z.number(), max: z.number(), result: z.boolean() });
export type SideItem = z.infer<typeof sideItemSchema>;

/**
 * The check object a rejected upload answers with (document 2, section 3; code -1
 * carries it): the same shape for the server that builds it and the page that shows it.
 */
export const photoCheckSchema = z.object({
  topSide: sideItemSchema,
  eyeSide: sideItemSchema,
  leftSide: sideItemSchema,
  rightSide: sideItemSchema,
  chinSide: sideItemSchema,
  eyeAngle: z.object({ angle: z.number(), config_angle: z.number() }),
  definition: z.boolean(),
  blackSide: z.boolean(),
  background: z.boolean(),
  backgroundout: z.boolean(),
  topComplete: z.boolean(),
  picPath: z.string(),
  // Items a human examiner checks beyond the specification's list, each with its value and range
  // (optional: photos checked before they existed carry none).
  exposure: sideItemSchema.optional(),
  faceExposure: sideItemSchema.optional(),
  contrast: sideItemSchema.optional(),
  faceCount: sideItemSchema.optional(),
  yaw: sideItemSchema.optional(),
  pitch: sideItemSchema.optional(),
  eyesOpen: sideItemSchema.optional(),
  mouthClosed: sideItemSchema.optional(),
  headAccessory: sideItemSchema.optional(),
  blockiness: sideItemSchema.optional(),
  sharpness: sideItemSchema.optional(),
  backgroundUniformity: sideItemSchema.optional(),
  // Round three: colour cast (cheeks' CIELAB a*, b*), light from one side, hot spots, lens glare, iris showing.
  hueShift: sideItemSchema.optional(),
  skinA: sideItemSchema.optional(),
  skinB: sideItemSchema.optional(),
  skinHue: sideItemSchema.optional(),
  lightBalance: sideItemSchema.optional(),
  hotSpots: sideItemSchema.optional(),
  lensGlare: sideItemSchema.optional(),
  irisVisible: sideItemSchema.optional(),
  // A spectacle frame across the eyes, hair over the eyebrows.
  glassesFrame: sideItemSchema.optional(),
  browsCovered: sideItemSchema.optional(),
  /** The problems in plain words (keys of photoProblemMessages), the main one first. */
  problems: z.array(z.string()).optional(),
});
export type PhotoCheck = z.infer<typeof photoCheckSchema>;

/** The added items, in the order the page lists them. */
export const EXTRA_ITEMS = [
  'faceCount',
  'exposure',
  'faceExposure',
  'contrast',
  'sharpness',
  'blockiness',
  'yaw',
  'pitch',
  'eyesOpen',
  'mouthClosed',
  'headAccessory',
  'backgroundUniformity',
  'skinA',
  'skinB',
  'skinHue',
  'hueShift',
  'lightBalance',
  'hotSpots',
  'lensGlare',
  'glassesFrame',
  'browsCovered',
  'irisVisible',
] as const;
export type ExtraItem = (typeof EXTRA_ITEMS)[number];

type CheckItems = Omit<PhotoCheck, 'picPath' | 'problems'>;

/**
 * Eye aspect (eyesOpen's value, per cent) under which the eyes are shut rather than half closed:
 * about 30 open, lids half down (squinting, a lowered gaze) in the low 20s, shut under this.
 */
export const EYES_SHUT = 15;

/**
 * The problems of a check in plain words, most important first: what a student must change.
 * One rule for the server (the refusal's message is the first) and the page (the list).
 * Each is a message key `photo.problem.<name>`.
 */
export function photoProblems(c: CheckItems): string[] {
  const out: string[] = [];
  const add = (p: string) => {
    if (!out.includes(p)) out.push(p);
  };
  const fails = (k: ExtraItem) => c[k] !== undefined && !c[k]!.result;
  // Without exactly one face nothing else can be measured: that is the one problem.
  if (c.faceCount ? c.faceCount.value !== 1 : c.topSide.value === 0 && c.eyeSide.value === 0) {
    const many = !!c.faceCount && c.faceCount.value > 1;
    // The main face is still measured beside a weaker second one: a colour cast on it is named too.
    const cast = many && (fails('skinA') || fails('skinB') || fails('skinHue')) && c.skinA!.value !== 0;
    return many ? ['manyFaces', ...(cast ? ['colourCast'] : [])] : ['noFace'];
  }
  if (fails('exposure') || (fails('faceExposure') && c.faceExposure!.value < c.faceExposure!.min)) add('tooDark');
  if (fails('faceExposure') && c.faceExposure!.value > c.faceExposure!.max) add('tooBright');
  if (fails('lightBalance')) add('sideLight');
  if (fails('hotSpots')) add('hotSpots');
  if (fails('contrast') && !out.includes('sideLight'))
    add(c.contrast!.value < c.contrast!.min ? 'flatLight' : 'harshLight');
  if (fails('blockiness')) add('compressed');
  if (!c.definition || fails('sharpness')) add('blurred');
  if (fails('skinA') || fails('skinB') || fails('skinHue') || fails('hueShift')) add('colourCast');
  if (fails('lensGlare')) add('lensGlare');
  if (fails('glassesFrame')) add('glassesFrame');
  if (fails('browsCovered')) add('hairOverBrows');
  // No iris showing is closed (or covered) eyes, whatever the landmark net drew over the lids;
  // the pose words below are for the head alone. Eyes behind a frame across them are not read:
  // moving the glasses is the instruction, not opening the eyes.
  const eyesBehindFrame = fails('glassesFrame');
  if (!eyesBehindFrame && fails('irisVisible')) add('eyesClosed');
  else if (!eyesBehindFrame && fails('eyesOpen')) add(c.eyesOpen!.value < EYES_SHUT ? 'eyesClosed' : 'eyesHalfClosed');
  if (fails('pitch')) add(c.pitch!.value < c.pitch!.min ? 'headRaised' : 'headLowered');
  // A rolled head is named as such (the pose and the face's own measures are read on levelled landmarks).
  if (eyeAngleFails(c.eyeAngle)) add('tilted');
  if (fails('yaw')) add('headTurned');
  if (fails('mouthClosed')) add('mouthOpen');
  if (fails('headAccessory')) add('accessory');
  framingProblems(c).forEach(add);
  if (!c.background || fails('backgroundUniformity')) add('backgroundBusy');
  if (!c.backgroundout) add('backgroundColour');
  if (!c.blackSide) add('darkBorder');
  return out;
}

/**
 * The framing's problems as one consistent instruction: a head whose top is cut off or too high
 * while its eyes or chin sit too low is too large for the frame (step back), not "move down" and
 * "move up" at once; a head top too low with the eyes too high is too small (move closer).
 */
function framingProblems(c: CheckItems): string[] {
  const out: string[] = [];
  const l = c.leftSide;
  const r = c.rightSide;
  const topHigh = !c.topComplete || c.topSide.value < c.topSide.min;
  const topLow = c.topComplete && c.topSide.value > c.topSide.max;
  const restLow = c.eyeSide.value > c.eyeSide.max || !c.chinSide.result;
  const restHigh = c.eyeSide.value < c.eyeSide.min;
  if (!c.topComplete) out.push('headCut');
  if (l.value > l.max && r.value > r.max) out.push('faceSmall');
  else if (l.value < l.min && r.value < r.min) out.push('faceLarge');
  else if (!l.result || !r.result) out.push('offCentre');
  if (topHigh && restLow) out.push('faceLarge');
  else if (topLow && restHigh) out.push('faceSmall');
  else if (topHigh || restHigh) out.push('headHigh');
  else if (topLow || restLow) out.push('headLow');
  // faceSmall beside faceLarge cannot both stand: the vertical span (top to chin) decides.
  if (out.includes('faceSmall') && out.includes('faceLarge')) {
    out.splice(out.indexOf(topHigh && restLow ? 'faceSmall' : 'faceLarge'), 1);
  }
  return [...new Set(out)];
}

/**
 * Pairs of instructions that contradict each other: no refusal's list may hold both of a pair
 * (a test reads every refusal's list against this).
 */
export const CONTRADICTING_PROBLEMS: readonly [string, string][] = [
  ['headHigh', 'headLow'],
  ['faceSmall', 'faceLarge'],
  ['headRaised', 'headLowered'],
  ['tooDark', 'tooBright'],
  ['flatLight', 'harshLight'],
  ['eyesClosed', 'eyesHalfClosed'],
  ['headCut', 'headLow'],
  ['headCut', 'faceSmall'],
];

/** The seed's eye-angle item carries no result: it fails when the eyes tilt past its limit. */
export const eyeAngleFails = (item: { angle: number; config_angle: number }) =>
  Math.abs(item.angle) > item.config_angle;

/** Backgrounds the correction can paint: the standard blue, or white / light grey when a school asks for it. */
export const CORRECTION_BACKGROUNDS = ['blue', 'white', 'grey'] as const;
export type CorrectionBackground = (typeof CORRECTION_BACKGROUNDS)[number];

/**
 * A corrected version of a refused photo (framing and/or background fixed by the machine), offered
 * beside the refusal for a short while. `url` answers only to the member who uploaded it (send the
 * session headers); `steps` says what was changed, in order: roll (eyes levelled), crop (scaled and placed), background (replaced).
 */
export const photoCandidateSchema = z.object({
  id: z.string(),
  url: z.string(),
  steps: z.array(z.string()),
  background: z.enum(CORRECTION_BACKGROUNDS),
  /** The corrected photo's own check (it passed). */
  check: photoCheckSchema,
  expiresAt: z.string(),
});
export type PhotoCandidate = z.infer<typeof photoCandidateSchema>;

/** A refusal's data: the check object, and a corrected candidate when the machine could fix the photo. */
export const photoRefusalSchema = photoCheckSchema.extend({ corrected: photoCandidateSchema.optional() });
export type PhotoRefusal = z.infer<typeof photoRefusalSchema>;

/** POST /api/img/accept-corrected: the member chooses the corrected photo (the candidate's random id, not a row number). */
export const acceptCorrectedBody = z.object({
  candidateId: z.string({ error: 'photo.candidate.required' }).regex(/^[a-f0-9]{32}$/, 'photo.candidate.required'),
});

/**
 * POST /api/img/capture-token: the camera capture asks for a short-lived signed token before it
 * opens the camera and sends it with the photo it took; a task that requires live capture
 * (captureOnly) refuses an upload without a valid one.
 */
export const captureTokenBody = z.object({ taskId: z.number().int().positive().optional() });
export const captureTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type CaptureToken = z.infer<typeof captureTokenSchema>;
