import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { CheckJob, CheckReply, CorrectReply } from '@portal/photo-check/check-worker';
import type { Detector } from '@portal/photo-check/face-model';
import { AppError } from '../../lib/errors.ts';

/**
 * The production build (scripts/build-server.mjs) sets this: its compiled worker beside the bundle,
 * started as plain JavaScript. Without it the worker is the TypeScript source, compiled by tsx.
 */
const compiledWorker = () => (globalThis as { portalBuild?: { checkWorker: string } }).portalBuild?.checkWorker;
/** tsx's API, for the TypeScript worker; looked up only when one starts, so production needs no tsx. */
const tsxApi = () =>
  pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
// The worker is the photo engine's (packages/photo-check), found as the server resolves the package.
const sourceWorker = () =>
  pathToFileURL(createRequire(import.meta.url).resolve('@portal/photo-check/check-worker')).href;
const YOUNG_MB = 4;

/** How long to wait before starting a worker again after one failed to start: doubling between these. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 30_000;

/** What the caller of a check gets while no worker can start: a clear 503, never a hang. */
export const checkUnavailable = () => new AppError(503, 'photo.checkUnavailable');

export interface CheckPoolOptions {
  /** The worker's module (tests give one that fails at start). */
  workerUrl?: string;
  /** Back-off between failed starts, doubling from firstMs up to maxMs. */
  retry?: { firstMs: number; maxMs: number };
  /** Told of each worker that failed, once, with the cause and when the next start is tried. */
  onWorkerFailure?: (err: Error, info: { failures: number; retryInMs: number }) => void;
}

/** What one worker holds once it has checked photos: its models and a WASM heap that only grows (npm run bench:photo). */
export const WORKER_PEAK_BYTES = 250 * 1024 * 1024;
/**
 * The workers' nice value (Linux: per thread). A worker asks the scheduler for less than the
 * server's own thread, so the event loop (HTTP, decoding with libvips, the database) runs first
 * whenever it has work, and the workers take every cycle it leaves.
 */
export const WORKER_NICE = 10;

/**
 * The pool's size for a machine: a worker per core, as many as half its memory holds, at least
 * one. The event loop keeps its share by priority rather than by a core left idle (WORKER_NICE):
 * on 2 cores the check uses both while uploads wait, and a read still runs ahead of any check.
 * One worker per core but one left half of a 2-core machine idle at the peak (npm run bench:season-day).
 */
export function poolSizeFor(cores: number, memoryBytes: number): number {
  const byMemory = Math.floor(memoryBytes / 2 / WORKER_PEAK_BYTES);
  return Math.max(1, Math.min(Math.floor(cores), byMemory));
}

/** The pool's size when PHOTO_WORKERS does not set it: poolSizeFor this machine (a container's memory limit counts). */
export function defaultPoolSize(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  const memory = limit > 0 ? Math.min(limit, os.totalmem()) : os.totalmem();
  return poolSizeFor(os.availableParallelism(), memory);
}

type Result = Extract<CheckReply, { ok: true }>;
interface Pending {
  job: CheckJob;
  resolve: (r: Result | CorrectReply) => void;
  reject: (e: Error) => void;
}

/**
 * Worker threads for the face check (defaultPoolSize); each loads the models once. The server's event loop only hands frames over and waits.
 */
export class CheckPool {
  private workers: { w: Worker; busy: Pending | null; up: boolean; answered: boolean }[] = [];
  private queue: Pending[] = [];
  private seq = 0;
  /** Workers that failed in a row before answering anything (reset when one answers). */
  private failures = 0;
  private retries = new Set<NodeJS.Timeout>();
  /**
   * Turns to decode an original for correction (correction.ts, sourceSlot): at most one more
   * than the pool has workers, so a burst of uploads does not hold every decoded original.
   */
  readonly decodeTurns: { free: number; waiting: (() => void)[] } = { free: 0, waiting: [] };

  constructor(
    readonly size: number = defaultPoolSize(),
    private readonly detector: Detector = 'tiny',
    private readonly tinyInput = 320,
    private readonly opts: CheckPoolOptions = {},
  ) {
    this.decodeTurns.free = (size || 1) + 1;
  }

  /**
   * False while workers fail at start and none is up: readiness reports it, and checks fail
   * at once with checkUnavailable instead of waiting for a worker that may never come.
   */
  get available(): boolean {
    return this.failures === 0 || this.workers.some((s) => s.up);
  }

  /** Who is told of a failed worker (the app's log); the first pool of the process keeps the first. */
  set onWorkerFailure(fn: CheckPoolOptions['onWorkerFailure']) {
    this.opts.onWorkerFailure ??= fn;
  }

  private start(): void {
    // A start waiting out its back-off is not hurried by the next check.
    if (this.workers.length || this.retries.size) return;
    for (let i = 0; i < this.size; i++) this.spawn();
  }

  private spawn(): void {
    // A TypeScript worker: a two-line bootstrap has tsx compile it, so it runs alike under
    // vitest and under `node --import tsx` (on Node 20 a worker's `--import tsx` does not
    // yet apply to the worker's own entry file).
    // The production build's worker is JavaScript and is imported as it is.
    const compiled = this.opts.workerUrl ? undefined : compiledWorker();
    // First the thread lowers its own priority (WORKER_NICE; where the system refuses, it runs as it is).
    const nice = `try { require('node:os').setPriority(${WORKER_NICE}); } catch {}\n`;
    const boot =
      nice +
      (compiled
        ? `import(${JSON.stringify(compiled)})`
        : `import(${JSON.stringify(tsxApi())}).then((a) => a.tsImport(${JSON.stringify(this.opts.workerUrl ?? sourceWorker())}, ${JSON.stringify(import.meta.url)}))`);
    // A small young generation: a worker's own objects are a few MB (the tensors live in its
    // WASM heap), and V8's default semi-spaces would keep some 30 MB per worker resident.
    const w = new Worker(boot, {
      eval: true,
      workerData: { detector: this.detector, tinyInput: this.tinyInput },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
    });
    w.unref();
    const slot = { w, busy: null as Pending | null, up: false, answered: false };
    w.on('message', (msg: CheckReply | CorrectReply | { ready: true }) => {
      slot.up = true;
      if ('ready' in msg) return;
      slot.answered = true;
      this.failures = 0;
      const p = slot.busy;
      slot.busy = null;
      if (p) {
        if (msg.ok) p.resolve(msg);
        else p.reject(new Error(msg.error));
      }
      this.pump();
    });
    w.on('error', (err) => {
      // Its job's pixels went with it: the job fails (plainly unavailable when it never started).
      slot.busy?.reject(slot.answered ? err : checkUnavailable());
      slot.busy = null;
      this.workers = this.workers.filter((s) => s !== slot);
      if (slot.answered) {
        // A worker that had answered died on a job: start another at once.
        this.spawn();
        this.pump();
        return;
      }
      // It failed before answering anything (it could not load, say): start again later, each
      // time later (not hundreds of threads a minute), and fail what waits while none is up.
      this.failures += 1;
      const { firstMs, maxMs } = this.opts.retry ?? { firstMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS };
      const retryInMs = Math.min(maxMs, firstMs * 2 ** Math.min(this.failures - 1, 30));
      this.opts.onWorkerFailure?.(err, { failures: this.failures, retryInMs });
      const t = setTimeout(() => {
        this.retries.delete(t);
        this.spawn();
        this.pump();
      }, retryInMs);
      t.unref();
      this.retries.add(t);
      this.failPending();
    });
    this.workers.push(slot);
  }

  /** While no worker is up after a failed start, nothing queued can be checked: fail it now. */
  private failPending(): void {
    if (this.available) return;
    for (const p of this.queue.splice(0)) p.reject(checkUnavailable());
  }

  private pump(): void {
    for (const slot of this.workers) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.busy = next;
      slot.w.postMessage(next.job, [next.job.rgb.buffer as ArrayBuffer]);
    }
  }

  /** Checks one frame in a worker. */
  check(job: Omit<CheckJob, 'id'>): Promise<Result> {
    return this.run(job) as Promise<Result>;
  }

  /** Corrects one photo in a worker (correction-engine.ts): `rgb` is the upright original, `correct` the rest. */
  correct(job: Omit<CheckJob, 'id'> & Required<Pick<CheckJob, 'correct'>>): Promise<CorrectReply> {
    return this.run(job) as Promise<CorrectReply>;
  }

  private run(job: Omit<CheckJob, 'id'>): Promise<Result | CorrectReply> {
    this.start();
    if (!this.available) return Promise.reject(checkUnavailable());
    return new Promise<Result | CorrectReply>((resolve, reject) => {
      this.queue.push({ job: { ...job, id: ++this.seq }, resolve, reject });
      this.pump();
    });
  }

  /** Loads the models in every worker now (the first check otherwise pays for it). */
  async warm(job: Omit<CheckJob, 'id'>): Promise<void> {
    this.start();
    await Promise.all(this.workers.map(() => this.check({ ...job, rgb: job.rgb.slice() })));
  }

  async close(): Promise<void> {
    const ws = this.workers;
    this.workers = [];
    for (const t of this.retries) clearTimeout(t);
    this.retries.clear();
    for (const p of this.queue.splice(0)) p.reject(checkUnavailable());
    await Promise.all(ws.map((s) => s.w.terminate()));
  }
}
