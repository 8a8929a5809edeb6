import { rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckPool } from './check-pool.ts';
import { AppError } from '../../lib/errors.ts';
import { failingWorkerMarker } from '../../../test/fixtures/failing-check-worker-marker.ts';

const workerUrl = new URL('../../../test/fixtures/failing-check-worker.ts', import.meta.url).href;
const job = () => ({ rgb: new Uint8Array(12), width: 2, height: 2, bounds: {} as never });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(20);
  }
}

let pool: CheckPool | null = null;
afterEach(async () => {
  rmSync(failingWorkerMarker, { force: true });
  await pool?.close();
  pool = null;
});

describe('a check worker that fails at start', () => {
  it('is started again later and later, each failure told once with its cause, checks failing at once', async () => {
    writeFileSync(failingWorkerMarker, '');
    const failures: { cause: string; failures: number; retryInMs: number; at: number }[] = [];
    pool = new CheckPool(1, 'tiny', 320, {
      workerUrl,
      retry: { firstMs: 50, maxMs: 400 },
      onWorkerFailure: (err, info) => failures.push({ cause: err.message, ...info, at: performance.now() }),
    });
    expect(pool.available).toBe(true);
    // Two checks wait for the first worker, which fails: both fail plainly at its failure, no hang.
    const [first, queued] = await Promise.all(
      [pool.check(job()), pool.check(job())].map((p) =>
        p.then(
          () => null,
          (e: unknown) => e,
        ),
      ),
    );
    expect(failures).toHaveLength(1);
    expect(queued).toMatchObject({ key: 'photo.checkUnavailable' });
    expect(first).toBeInstanceOf(AppError);
    expect((first as AppError).key).toBe('photo.checkUnavailable');
    expect((first as AppError).status).toBe(503);
    expect(pool.available).toBe(false);
    // While none is up, a check fails at once.
    await expect(pool.check(job())).rejects.toMatchObject({ key: 'photo.checkUnavailable' });

    await sleep(1_500);
    // Back-off 50, 100, 200, 400, 400, ...: a handful of starts in 1.5 s, not hundreds.
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.length).toBeLessThanOrEqual(8);
    expect(failures.map((f) => f.retryInMs).slice(0, 4)).toEqual([50, 100, 200, 400]);
    expect(failures.every((f) => f.cause.includes('cannot load the check (test)'))).toBe(true);
    expect(failures.map((f) => f.failures)).toEqual(failures.map((_, i) => i + 1));
    // Each start really waited its delay (a start itself takes a while, so this is a lower bound).
    for (let i = 1; i < failures.length; i++)
      expect(failures[i]!.at - failures[i - 1]!.at).toBeGreaterThanOrEqual(failures[i - 1]!.retryInMs - 5);
  }, 30_000);

  it('recovers once a worker starts, and the back-off starts over once a worker answered', async () => {
    writeFileSync(failingWorkerMarker, '');
    const failures: number[] = [];
    pool = new CheckPool(1, 'tiny', 320, {
      workerUrl,
      retry: { firstMs: 50, maxMs: 200 },
      onWorkerFailure: (_err, info) => failures.push(info.retryInMs),
    });
    await expect(pool.check(job())).rejects.toMatchObject({ key: 'photo.checkUnavailable' });
    await until(() => failures.length >= 2);
    rmSync(failingWorkerMarker);
    await until(() => pool!.available);
    const r = await pool.check(job());
    expect(r.passed).toBe(true);
    // The worker answered: when one fails at start again, the back-off starts over from the first delay.
    writeFileSync(failingWorkerMarker, '');
    const before = failures.length;
    await expect(pool.check({ ...job(), width: 0 })).rejects.toThrow('died on a job (test)');
    await until(() => failures.length > before);
    expect(failures[before]).toBe(50);
  }, 30_000);
});
