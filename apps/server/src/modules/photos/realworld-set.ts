import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The real-world evaluation set beside the repository (52 photographs of real people, each with
 * a human examiner's verdict and the rule it breaks). It is private test data: never copied in.
 */
export const REALWORLD_DIR = path.resolve(import.meta.dirname, '../../../../../../shared/data/photos-realworld');

export interface RealworldPhoto {
  file: string;
  expected: 'pass' | 'fail';
  breaks: string;
}

/** The set's photos, or null when the folder is absent (tests then skip with a message). */
export function realworldSet(): RealworldPhoto[] | null {
  const manifest = path.join(REALWORLD_DIR, 'manifest.json');
  if (!existsSync(manifest)) return null;
  return JSON.parse(readFileSync(manifest, 'utf8')) as RealworldPhoto[];
}

export const realworldBytes = (p: RealworldPhoto) => readFileSync(path.join(REALWORLD_DIR, p.file));

/**
 * Which of the check's problems (photoProblems) name the rule an examiner wrote down. Read from
 * the manifest's words, so a new photo needs no code: every pattern that matches adds its problems
 * ("a second face at the edge, background not plain" names two rules).
 */
const RULES: [RegExp, string[]][] = [
  [/faces|second face|second person/i, ['manyFaces']],
  [/too dark|dim/i, ['tooDark', 'flatLight']],
  [/blur/i, ['blurred']],
  [/quality 3|compressed/i, ['compressed', 'blurred']],
  [/expression|grimace|laughing/i, ['mouthOpen', 'eyesClosed', 'eyesHalfClosed']],
  [/eyes closed|eyes lowered|half closed/i, ['eyesClosed', 'eyesHalfClosed', 'headLowered']],
  [/head raised|looking up/i, ['headRaised']],
  [/head turned|profile/i, ['headTurned']],
  [/tilted/i, ['tilted']],
  [/head cut|top of head cut/i, ['headCut']],
  [/too small/i, ['faceSmall']],
  [/not centred/i, ['offCentre']],
  [/red background/i, ['backgroundColour']],
  [/background not plain|patterned/i, ['backgroundBusy', 'backgroundColour']],
  [/sunglasses|accessory/i, ['accessory']],
];

/** The problems that name the broken rule of a photo ([] for a compliant one). */
export function rightProblems(p: RealworldPhoto): string[] {
  if (p.expected === 'pass') return [];
  return RULES.filter(([re]) => re.test(p.breaks)).flatMap(([, problems]) => problems);
}

export interface SetScore {
  total: number;
  wrongAccepts: string[];
  wrongRefusals: string[];
  refusals: number;
  /** Refusals whose message or problem list names the broken rule. */
  named: number;
  /** Refusals whose message (the first problem) names it. */
  namedFirst: number;
  misnamed: string[];
}

/** Scores the check's answers on the set: verdicts, and the rule named for each refusal. */
export function scoreSet(answers: { photo: RealworldPhoto; passed: boolean; problems: string[] }[]): SetScore {
  const s: SetScore = {
    total: answers.length,
    wrongAccepts: [],
    wrongRefusals: [],
    refusals: 0,
    named: 0,
    namedFirst: 0,
    misnamed: [],
  };
  for (const { photo, passed, problems } of answers) {
    if (passed && photo.expected === 'fail') s.wrongAccepts.push(photo.file);
    if (!passed && photo.expected === 'pass') s.wrongRefusals.push(photo.file);
    if (passed || photo.expected === 'pass') continue;
    s.refusals++;
    const right = rightProblems(photo);
    if (problems.some((p) => right.includes(p))) s.named++;
    else s.misnamed.push(`${photo.file}: ${problems.join(',')} (${photo.breaks})`);
    if (right.includes(problems[0] ?? '')) s.namedFirst++;
  }
  return s;
}
