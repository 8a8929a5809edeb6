/**
 * Photo check benchmark (not a timed test): npm run bench:photo
 * Prints the real-world set's figures (verdicts, the rule named per refusal), per-photo median
 * and p95 of the whole check against a bare sharp decode,
 * the pool's photos per second under parallel uploads, the longest event-loop stall
 * meanwhile, and the process's RSS: before any worker, once the pool is ready, after the
 * run, and the peak while that pool lived (the latency run's one-worker pool and the throughput
 * pool each in a process of its own). PHOTO_DETECTOR=ssd compares
 * the larger detector; PHOTO_WORKERS sets the throughput pool's size (default: the server's).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { CheckPool, defaultPoolSize } from '../apps/server/src/modules/photos/check-pool.ts';
import { normalise } from '../apps/server/src/modules/photos/decode.ts';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import type { Detector } from '@portal/photo-check/face-model';
import { realworldBytes, realworldSet, scoreSet } from '../apps/server/src/modules/photos/realworld-set.ts';
import { addStages, stageLines, type StageSamples } from './photo-stages.ts';
import { correctionBench, printCorrection, type CorrectionFigures } from './photo-correction.ts';
import { guidanceAgreement } from '../apps/server/src/modules/photos/guidance-agreement.ts';

const dir = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/photos');
// The project's fixtures, and the real-world evaluation set beside the repository when present.
const set = realworldSet();
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => readFileSync(path.join(dir, f)))
  .concat((set ?? []).map(realworldBytes))
  .filter((b) => b[0] === 0xff && b[1] === 0xd8);
const detector = (process.env.PHOTO_DETECTOR as Detector) || 'tiny';
const rounds = Number(process.env.ROUNDS ?? 3);

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
};
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
/** The RSS now, counted into the peak too. */
const rss = () => {
  const r = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, r);
  return r;
};

async function checkOne(pool: CheckPool, bytes: Buffer) {
  const n = await normalise(bytes, 'task', DEFAULT_BOUNDS);
  return pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
}

/** Sequential latency: one worker busy at a time. */
async function latency() {
  const rssBare = rss();
  const single = new CheckPool(1, detector);
  await checkOne(single, files[0]!);
  const decode: number[] = [];
  const check: number[] = [];
  const stages: StageSamples = {};
  for (let r = 0; r < rounds; r++) {
    for (const f of files) {
      let t = performance.now();
      await sharp(f).raw().toBuffer();
      decode.push(performance.now() - t);
      t = performance.now();
      // checkOne's two steps, timed apart: the decode here, the worker's stages in its answer.
      const n = await normalise(f, 'task', DEFAULT_BOUNDS);
      const decoded = performance.now() - t;
      const answer = await single.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
      const ms = performance.now() - t;
      const inWorker = Object.values(answer.stages ?? {}).reduce((a, b) => a + b, 0);
      addStages(stages, check.length, { decode: decoded, ...answer.stages, 'hand-over': ms - decoded - inWorker });
      check.push(ms);
    }
  }
  const rssAfter = rss();
  await single.close();
  return { rssBare, rssAfter, peak: peakRss, check, decode, stages };
}

/** The real-world set's verdicts and the rule named for each refusal (one worker). */
async function realworld() {
  if (!set) return null;
  const pool = new CheckPool(1, detector);
  const answers = [];
  for (const photo of set) {
    const r = await checkOne(pool, realworldBytes(photo));
    answers.push({ photo, passed: r.passed, problems: r.check.problems ?? [] });
  }
  await pool.close();
  return scoreSet(answers);
}

/** Throughput: parallel uploads through a pool of `size` workers, event loop watched. */
async function throughput(size: number) {
  const rssBare = rss();
  const pool = new CheckPool(size, detector);
  await Promise.all(Array.from({ length: size }, () => checkOne(pool, files[0]!)));
  const rssReady = rss();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const jobs = Array.from({ length: files.length * rounds * 2 }, (_, i) => files[i % files.length]!);
  const t0 = performance.now();
  const concurrency = 16;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) await checkOne(pool, jobs[next++]!);
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  loop.disable();
  const rssRun = rss();
  await pool.close();
  return {
    rssBare,
    rssReady,
    rssRun,
    peak: peakRss,
    photos: jobs.length,
    secs,
    concurrency,
    stallMax: loop.max,
    stallP99: loop.percentile(99),
  };
}

/**
 * Each part runs in a process of its own, as a server has one pool for its life: a pool closed
 * in the same process leaves its freed memory mapped, which a second pool's figures would count.
 */
function inChild<T>(part: string, env: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, ...env, PHOTO_BENCH_PART: part },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${part} part exited with ${code}`)),
    );
  });
}

async function main() {
  const part = process.env.PHOTO_BENCH_PART;
  const size = Number(process.env.PHOTO_WORKERS) || defaultPoolSize();
  if (part) {
    const result =
      part === 'correction'
        ? await correctionBench(files, size, rounds)
        : part === 'latency'
          ? await latency()
          : part === 'realworld'
            ? await realworld()
            : part === 'guidance'
              ? set && (await guidanceAgreement(set))
              : await throughput(size);
    clearInterval(rssTimer);
    process.stdout.write(JSON.stringify(result));
    return;
  }
  clearInterval(rssTimer);
  const l = await inChild<Awaited<ReturnType<typeof latency>>>('latency');
  const t = await inChild<Awaited<ReturnType<typeof throughput>>>('throughput');
  const w = await inChild<Awaited<ReturnType<typeof realworld>>>('realworld');
  const fix = await inChild<CorrectionFigures>('correction');
  const guide = await inChild<Awaited<ReturnType<typeof guidanceAgreement>> | null>('guidance');

  const md = q(l.check, 0.5);
  const mdDecode = q(l.decode, 0.5);
  console.log(
    `detector ${detector}, ${files.length} photos x ${rounds} rounds, ${os.availableParallelism()} cores, pool of ${size}`,
  );
  console.log(
    `load   average ${os
      .loadavg()
      .map((v) => v.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min) at the end: the machine's other users are in every figure`,
  );
  if (w) {
    const pass = set!.filter((p) => p.expected === 'pass').length;
    console.log(
      `set    ${w.total} real photos: non-compliant accepted ${w.wrongAccepts.length} (aim 0)${w.wrongAccepts.length ? ` [${w.wrongAccepts.join(', ')}]` : ''}, ` +
        `acceptable refused ${w.wrongRefusals.length} of ${pass} (aim ≤ 1)${w.wrongRefusals.length ? ` [${w.wrongRefusals.join(', ')}]` : ''}, ` +
        `rule named ${w.named} of ${w.refusals} refusals = ${((100 * w.named) / w.refusals).toFixed(0)} % (aim ≥ 90 %), in the message itself ${w.namedFirst}`,
    );
    for (const m of w.misnamed) console.log(`       not named: ${m}`);
  } else console.log('set    the real-world set (../shared/data/photos-realworld/) is absent: skipped');
  // The camera capture's live guidance on the same photos as webcam frames, against the check's verdict.
  if (guide) {
    const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(0) : '-');
    console.log(
      `guide  live guidance vs the check: all green and accepted ${guide.greensAccepted} of ${guide.greens} = ${pct(guide.greensAccepted, guide.greens)} % (aim ≥ 95 %), ` +
        `first instruction names the main problem ${guide.refusedNamed} of ${guide.refused} refused = ${pct(guide.refusedNamed, guide.refused)} % (aim ≥ 80 %)`,
    );
  }
  console.log(
    `check  median ${md.toFixed(1)} ms (aim ≤ 60)  p95 ${q(l.check, 0.95).toFixed(1)} ms (aim ≤ 100) per photo`,
  );
  console.log(
    'stages mean ms per check and share of the check, largest first (compare shares: the ms move with the load)',
  );
  for (const line of stageLines(l.stages, l.check)) console.log(line);
  console.log(`decode median ${mdDecode.toFixed(1)} ms  p95 ${q(l.decode, 0.95).toFixed(1)} ms per photo (bare sharp)`);
  console.log(`ratio  check/decode median ${(md / mdDecode).toFixed(1)}x`);
  console.log(
    `pool   ${(t.photos / t.secs).toFixed(1)} photos/s (${t.photos} photos, ${t.concurrency} parallel uploads, ${size} workers)`,
  );
  console.log(
    `loop   longest event-loop stall ${(t.stallMax / 1e6).toFixed(1)} ms (aim ≤ 50; p99 ${(t.stallP99 / 1e6).toFixed(1)} ms)`,
  );
  console.log(
    `rss    1 worker: ${mb(l.rssBare)} before it, ${mb(l.rssAfter)} after the latency run, peak ${mb(l.peak)}`,
  );
  console.log(
    `rss    ${size} workers: ${mb(t.rssBare)} before them, ready ${mb(t.rssReady)}, after the run ${mb(t.rssRun)}, peak ${mb(t.peak)} (aim ≤ 450 MB)`,
  );
  printCorrection(fix, size);
}

await main();
