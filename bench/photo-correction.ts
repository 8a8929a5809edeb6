/**
 * The correction part of npm run bench:photo (bench/photo.ts runs it in a process of its own):
 * every photo that fails on framing or background only is corrected once, timed from the
 * original's bytes to the re-checked corrected JPEG, each stage's share of that time (the
 * worker's and this thread's, stage-timer.ts), and the process's RSS (the pool's threads
 * live in it) is sampled throughout. Last, once the RSS figures are taken, the worker's part
 * runs again in this thread with every typed array counted: bytes allocated per correction.
 */
import { createHash } from 'node:crypto';
import { CheckPool } from '../apps/server/src/modules/photos/check-pool.ts';
import { loadFaceModel } from '@portal/photo-check/face-model';
import { loadPersonSegmenter } from '@portal/photo-check/person-mask';
import { loadTfCore } from '@portal/photo-check/tf-core';
import { correctFrame } from '@portal/photo-check/correction-engine';
import type { CheckJob, CorrectReply } from '@portal/photo-check/check-worker';
import { addStages, stageLines, type StageSamples } from './photo-stages.ts';
import { normalise } from '../apps/server/src/modules/photos/decode.ts';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
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
  stages: StageSamples;
  /** Typed-array bytes the worker's part allocates, mean per correction. */
  allocated: number;
  /** Each corrected photo's JPEG, hashed (the same engine gives the same bytes). */
  hashes: string[];
}

const TYPED = ['Float32Array', 'Float64Array', 'Uint8Array', 'Int32Array', 'Uint16Array', 'Uint32Array'] as const;

/**
 * The worker's part (correctFrame) in this thread with every typed array it makes counted:
 * each constructor is replaced by a subclass that adds its bytes (`from`, `slice`, `map` come
 * through it as well). A pool-like object hands correctIfFixable the in-thread engine.
 */
async function allocations(
  eligible: { bytes: Buffer; result: Awaited<ReturnType<CheckPool['check']>> }[],
  real: CheckPool,
) {
  const model = await loadFaceModel('tiny', 320);
  const seg = await loadPersonSegmenter(loadTfCore());
  let bytes = 0;
  let corrections = 0;
  const g = globalThis as unknown as Record<string, new (...a: unknown[]) => ArrayBufferView>;
  const saved = TYPED.map((k) => g[k]!);
  const inThread = {
    decodeTurns: { free: 2, waiting: [] },
    check: (job: Omit<CheckJob, 'id'>) => real.check(job),
    correct: async (job: CheckJob): Promise<CorrectReply> => {
      TYPED.forEach((k, i) => {
        g[k] = class extends saved[i]! {
          constructor(...a: unknown[]) {
            super(...a);
            bytes += this.byteLength;
            if (process.env.ALLOC_TRACE && this.byteLength > 100_000)
              console.error(this.byteLength, new Error().stack?.split('\n').slice(2, 4).join(' | '));
          }
        };
      });
      try {
        corrections++;
        return { id: 0, ok: true, corrected: await correctFrame(job, job.correct!, model, seg) };
      } finally {
        TYPED.forEach((k, i) => (g[k] = saved[i]!));
      }
    },
  } as unknown as CheckPool;
  const ctx = plainCorrectionContext(1);
  // One correction first, uncounted: what a worker makes once and keeps is not made per photo.
  let counting = false;
  const warm = inThread.correct.bind(inThread);
  (inThread as unknown as { correct: typeof warm }).correct = async (job) => {
    if (counting) return warm(job);
    counting = true;
    return { id: 0, ok: true, corrected: await correctFrame(job, job.correct!, model, seg) };
  };
  for (const e of eligible) await correctIfFixable(ctx, e.bytes, e.result, { background: 'blue', pool: inThread });
  return bytes / Math.max(1, corrections);
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
  const stages: StageSamples = {};
  const hashes: string[] = [];
  let corrected = 0;
  for (let r = 0; r < rounds; r++) {
    for (const e of eligible) {
      const t = performance.now();
      const c = await correctIfFixable(ctx, e.bytes, e.result, { background: 'blue', pool });
      times.push(performance.now() - t);
      // The stages of the candidate returned (a second zoom's candidate, when tried, replaces the first).
      addStages(stages, times.length - 1, c?.stages ?? {});
      if (c && r === 0) corrected++;
      if (r === 0) hashes.push(c ? createHash('sha1').update(c.bytes).digest('hex').slice(0, 12) : '-');
    }
  }
  // The pool's peak under load too: every worker correcting at once.
  await Promise.all(eligible.map((e) => correctIfFixable(ctx, e.bytes, e.result, { background: 'blue', pool })));
  sample();
  clearInterval(timer);
  const allocated = await allocations(eligible, pool);
  await pool.close();
  return { times, tried: eligible.length, corrected, rssReady, peak, stages, allocated, hashes };
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
  console.log(
    'stages mean ms per correction and share of it, largest first (compare shares: the ms move with the load)',
  );
  for (const line of stageLines(c.stages, c.times)) console.log(line);
  console.log(`alloc  ${mb(c.allocated)} of typed arrays made by the worker's part per correction (mean)`);
  console.log(`rss    correcting, ${size} workers: ready ${mb(c.rssReady)}, peak ${mb(c.peak)} (aim ≤ 600 MB)`);
  console.log(`hash   ${c.hashes.join(' ')}`);
}
