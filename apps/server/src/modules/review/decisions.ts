import type { ReviewVerdict } from '@portal/contract/review';

/** A line's photo as decisions name it: 0 for a person without a photo (decided on the record alone). */
export const photoKey = (line: { photoId: number | null }) => line.photoId ?? 0;

/** The fields of a decision row the rules below read (newest first in every list). */
export interface DecisionFacts {
  orderDetailId: number;
  photoId: number;
  verdict: ReviewVerdict;
  settled: boolean;
}

/**
 * A line's decision in the round under way: the newest decision on the photo it holds now, when
 * that is an approval (kept across rounds while the photo is unchanged) or a refusal of this round.
 * A refusal of an earlier round, or a reset, leaves the photo to be decided again.
 */
export function currentDecision<D extends DecisionFacts>(
  rows: readonly D[],
  line: { id: number; photoId: number | null },
): D | null {
  const latest = rows.find((r) => r.orderDetailId === line.id && r.photoId === photoKey(line));
  if (!latest) return null;
  if (latest.verdict === 'approve') return latest;
  return latest.verdict === 'refuse' && !latest.settled ? latest : null;
}

/** The refusal or reset that sent the line's photo back, while the line still holds that photo. */
export function standingRefusal<D extends DecisionFacts>(
  rows: readonly D[],
  line: { id: number; photoId: number | null },
): D | null {
  const latest = rows.find((r) => r.orderDetailId === line.id && r.verdict !== 'approve');
  if (!latest || !latest.settled || latest.photoId !== photoKey(line)) return null;
  const newer = rows.find((r) => r.orderDetailId === line.id);
  return newer === latest ? latest : null;
}

/** The photo a line held when it was last sent back, once the student has replaced it. */
export function replacedPhoto<D extends DecisionFacts>(
  rows: readonly D[],
  line: { id: number; photoId: number | null },
): D | null {
  const latest = rows.find((r) => r.orderDetailId === line.id && r.verdict !== 'approve');
  return latest && latest.settled && latest.photoId !== photoKey(line) ? latest : null;
}
