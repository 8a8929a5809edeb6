/**
 * The correction part of npm run bench:photo (bench/photo.ts runs it in a process of its own):
 * every photo that fails on framing or background only is corrected once, timed from the
 * original's bytes to the re-checked corrected JPEG, and the process's RSS (the pool's threads
 * live in it) is sampled throughout.
 */
import { CheckPool } from '../apps/server/src/modules/photos/check-pool.ts';
import { normalise } from '../apps/server/src/modules/photos/decode.ts';
import { DEFAULT_BOUNDS } from '../apps/server/src/modules/photos/check-config.ts';
import {
  correctIfFixable,
  plainCorrectionContext,
  unfixableItems,
} from '../apps/server/src/modules/photos/correction.ts';

export interface CorrectionFigures {
  times: number[];
  tried: number;
  corrected: number;
  rssReady: number;
  peak: number;
}

export async function correctionBench(files: Buffer[], size: number, rounds: number): Promise<CorrectionFigures> {
  let peak = 0;
  const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
  const timer = setInterval(sample, 20);
  const pool = new CheckPool(size);
  const ctx = plainCorrectionContext(size);
  const check = async (bytes: Buffer) => {
    const n = await normalise(bytes, 'task', DEFAULT_BOUNDS);
    return pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
  };
  await Promise.all(Array.from({ length: size }, () => check(files[0]!)));
  const rssReady = process.memoryUsage().rss;
  const eligible: { bytes: Buffer; result: Awaited<ReturnType<typeof check>> }[] = [];
  for (const bytes of files) {
    const result = await check(bytes);
    if (!result.passed && !unfixableItems(result).length) eligible.push({ bytes, result });
  }
  const times: number[] = [];
  let corrected = 0;
  for (let r = 0; r < rounds; r++) {
    for (const e of eligible) {
      const t = performance.now();
      const c = await correctIfFixable(ctx, e.bytes, e.result, { background: 'blue', pool });
      times.push(performance.now() - t);
      if (c && r === 0) corrected++;
    }
  }
  // The pool's peak under load too: every worker correcting at once.
  await Promise.all(eligible.map((e) => correctIfFixable(ctx, e.bytes, e.result, { background: 'blue', pool })));
  sample();
  clearInterval(timer);
  await pool.close();
  return { times, tried: eligible.length, corrected, rssReady, peak };
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

export function printCorrection(c: CorrectionFigures, size: number): void {
  console.log(
    `fix    ${c.corrected} of ${c.tried} photos failing on framing or background only corrected and accepted; ` +
      `median ${q(c.times, 0.5).toFixed(0)} ms (aim ≤ 400)  p95 ${q(c.times, 0.95).toFixed(0)} ms per photo (re-check included)`,
  );
  console.log(`rss    correcting, ${size} workers: ready ${mb(c.rssReady)}, peak ${mb(c.peak)} (aim ≤ 600 MB)`);
}
