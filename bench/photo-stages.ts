/**
 * Where a photo check's time goes (bench:photo): the main thread's decode, each stage the check
 * worker times (stage-timer.ts: detector, landmarks, person mask, each measure, descriptor) and
 * the hand-over between them (queue, copying the frame and the answer). Shares of the whole are
 * what compare between runs on a machine shared with others; the milliseconds move with its load.
 */
export type StageSamples = Record<string, number[]>;

/** Adds one check's stages (ms) to the samples; a stage a check skipped counts 0 for it. */
export function addStages(samples: StageSamples, checks: number, stages: Record<string, number>): void {
  for (const [k, v] of Object.entries(stages)) (samples[k] ??= Array<number>(checks).fill(0)).push(v);
  for (const [k, v] of Object.entries(samples)) if (!(k in stages)) v.push(0);
}

/** One line a stage, largest first: mean ms per check and share of the mean check. */
export function stageLines(samples: StageSamples, checks: number[]): string[] {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const whole = mean(checks);
  return Object.entries(samples)
    .map(([k, v]) => [k, mean(v)] as const)
    .sort((a, b) => b[1] - a[1])
    .map(
      ([k, ms]) =>
        `       ${k.padEnd(15)} ${ms.toFixed(1).padStart(6)} ms ${((100 * ms) / whole).toFixed(1).padStart(5)} %`,
    );
}
