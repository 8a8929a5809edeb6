/** Marks the end of a stage of one check; the time since the previous mark is that stage's. */
export type Lap = (stage: string) => void;

/** A lap that records nothing (the default outside the check worker). */
export const noLap: Lap = () => {};

/**
 * Milliseconds per stage of one check (decode, detector, landmarks, person mask, each measure,
 * descriptor): the check worker answers them so `npm run bench:photo` can show where the time goes.
 */
export function stageTimer(): { ms: Record<string, number>; lap: Lap } {
  const ms: Record<string, number> = {};
  let last = performance.now();
  return {
    ms,
    lap(stage) {
      const now = performance.now();
      ms[stage] = (ms[stage] ?? 0) + (now - last);
      last = now;
    },
  };
}
