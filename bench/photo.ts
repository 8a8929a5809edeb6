/**
 * Photo check benchmark (not a timed test): npm run bench:photo
 * Prints per-photo median and p95 of the whole check against a bare sharp decode,
 * the pool's photos per second under parallel uploads, the longest event-loop stall
 * meanwhile, and the process's RSS: before any worker, once the pool is ready, after the
 * run, and the peak while that pool lived (the one-worker pool of the latency run is closed,
 * its termination awaited, before the throughput pool starts). PHOTO_DETECTOR=ssd compares
 * the larger detector; PHOTO_WORKERS sets the throughput pool's size (default: the cores).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { CheckPool } from '../apps/server/src/modules/photos/check-pool.ts';
import { normalise } from '../apps/server/src/modules/photos/decode.ts';
import { DEFAULT_BOUNDS } from '../apps/server/src/modules/photos/check-config.ts';
import type { Detector } from '../apps/server/src/modules/photos/face-model.ts';

const dir = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/photos');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.jpg'))
  .map((f) => readFileSync(path.join(dir, f)))
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

async function main() {
  const size = Number(process.env.PHOTO_WORKERS) || os.availableParallelism();
  const rssBare = rss();
  // Sequential latency: one worker busy at a time.
  const single = new CheckPool(1, detector);
  await checkOne(single, files[0]!);
  const decode: number[] = [];
  const check: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const f of files) {
      let t = performance.now();
      await sharp(f).raw().toBuffer();
      decode.push(performance.now() - t);
      t = performance.now();
      await checkOne(single, f);
      check.push(performance.now() - t);
    }
  }
  const rssSingle = rss();
  await single.close();
  const rssClosed = rss();
  const peakSingle = peakRss;

  // Throughput: parallel uploads through a pool sized to the cores, event loop watched.
  peakRss = 0;
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
  clearInterval(rssTimer);
  await pool.close();

  const md = q(check, 0.5);
  const mdDecode = q(decode, 0.5);
  console.log(`detector ${detector}, ${files.length} photos x ${rounds} rounds, ${size} cores`);
  console.log(`check  median ${md.toFixed(1)} ms  p95 ${q(check, 0.95).toFixed(1)} ms per photo`);
  console.log(`decode median ${mdDecode.toFixed(1)} ms  p95 ${q(decode, 0.95).toFixed(1)} ms per photo (bare sharp)`);
  console.log(`ratio  check/decode median ${(md / mdDecode).toFixed(1)}x`);
  console.log(`pool   ${(jobs.length / secs).toFixed(1)} photos/s (${jobs.length} photos, ${concurrency} parallel uploads, ${size} workers)`);
  console.log(`loop   longest event-loop stall ${(loop.max / 1e6).toFixed(1)} ms (p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms)`);
  console.log(`rss    ${mb(rssBare)} before any worker; 1 worker: after the latency run ${mb(rssSingle)}, peak ${mb(peakSingle)}, closed ${mb(rssClosed)}`);
  console.log(`rss    ${size} workers: ready ${mb(rssReady)}, after the run ${mb(rssRun)}, peak ${mb(peakRss)}`);
}

await main();
