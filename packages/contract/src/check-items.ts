import { eyeAngleFails } from './photos.ts';

/**
 * The items of a photo-check object that failed: one rule for the console's dashboard count
 * (server) and the review page's list (web). The check object is stored as JSON, so the rule
 * reads any object: a `false` or `0` item, or an item whose `result` is false, failed.
 */
export function failingItems(check: unknown): string[] {
  if (!check || typeof check !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(check as Record<string, unknown>)) {
    // The face comparison with the member's earlier photos: true is the failure, its distance no item.
    if (k === 'faceMismatch') {
      if (v === true) out.push(k);
      continue;
    }
    if (k === 'faceDistanceMax') continue;
    if (k === 'eyeAngle' && v && typeof v === 'object' && 'angle' in v && 'config_angle' in v) {
      if (eyeAngleFails(v as { angle: number; config_angle: number })) out.push(k);
      continue;
    }
    if (v === false || v === 0) out.push(k);
    else if (v && typeof v === 'object' && 'result' in v && (v as { result: unknown }).result === false) out.push(k);
  }
  return out;
}
