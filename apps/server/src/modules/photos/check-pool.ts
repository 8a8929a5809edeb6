import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import type { CheckJob, CheckReply, CorrectReply } from './check-worker.ts';
import type { Detector } from './face-model.ts';
import type { Config } from '../../config.ts';

const TSX_API = pathToFileURL(
  path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href;
const WORKER_URL = new URL('./check-worker.ts', import.meta.url).href;
const YOUNG_MB = 4;

/**
 * The pool's size when PHOTO_WORKERS does not set it: a worker per core but one, at least one.
 * The server's own thread (HTTP, decoding with libvips, the database) keeps a core, so uploads
 * at the peak do not slow every other call; and each worker holds its models and a WASM heap
 * that only grows (about 140 MB). On 2 cores one worker checked 15.2 photos/s at 381 MB peak,
 * two 20.6 photos/s at 549 MB (npm run bench:photo).
 */
export function defaultPoolSize(): number {
  return Math.max(1, os.availableParallelism() - 1);
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
  private workers: { w: Worker; busy: Pending | null }[] = [];
  private queue: Pending[] = [];
  private seq = 0;

  constructor(
    readonly size: number = defaultPoolSize(),
    private readonly detector: Detector = 'tiny',
    private readonly tinyInput = 320,
  ) {}

  private start(): void {
    if (this.workers.length) return;
    for (let i = 0; i < this.size; i++) this.spawn();
  }

  private spawn(): void {
    // A TypeScript worker: a two-line bootstrap has tsx compile it, so it runs alike under
    // vitest and under `node --import tsx` (on Node 20 a worker's `--import tsx` does not
    // yet apply to the worker's own entry file).
    const boot = `import(${JSON.stringify(TSX_API)}).then((a) => a.tsImport(${JSON.stringify(WORKER_URL)}, ${JSON.stringify(import.meta.url)}))`;
    // A small young generation: a worker's own objects are a few MB (the tensors live in its
    // WASM heap), and V8's default semi-spaces would keep some 30 MB per worker resident.
    const w = new Worker(boot, {
      eval: true,
      workerData: { detector: this.detector, tinyInput: this.tinyInput },
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB },
    });
    w.unref();
    const slot = { w, busy: null as Pending | null };
    w.on('message', (msg: CheckReply | CorrectReply | { ready: true }) => {
      if ('ready' in msg) return;
      const p = slot.busy;
      slot.busy = null;
      if (p) {
        if (msg.ok) p.resolve(msg);
        else p.reject(new Error(msg.error));
      }
      this.pump();
    });
    w.on('error', (err) => {
      slot.busy?.reject(err);
      slot.busy = null;
      this.workers = this.workers.filter((s) => s !== slot);
      this.spawn();
      this.pump();
    });
    this.workers.push(slot);
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
    await Promise.all(ws.map((s) => s.w.terminate()));
  }
}

let shared: CheckPool | null = null;
/** The process's pool (apps in one process share it). */
export function checkPool(config: Pick<Config, 'photos' | 'faceModel'>): CheckPool {
  const { detector, tinyInput } = config.faceModel;
  shared ??= new CheckPool(config.photos.workers || defaultPoolSize(), detector, tinyInput);
  return shared;
}
