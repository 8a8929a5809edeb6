import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckPool, poolSizeFor, WORKER_NICE, WORKER_PEAK_BYTES } from './check-pool.ts';

const GB = 1024 ** 3;
const workerUrl = new URL('../../../test/fixtures/priority-check-worker.ts', import.meta.url).href;
const job = () => ({ rgb: new Uint8Array(12), width: 2, height: 2, bounds: {} as never });

let pool: CheckPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the photo-check pool sized from the machine', () => {
  it('has a worker on every core, so a 2-core machine checks on both while uploads wait', () => {
    expect(poolSizeFor(2, 8 * GB)).toBe(2);
    expect(poolSizeFor(4, 8 * GB)).toBe(4);
    expect(poolSizeFor(1, 8 * GB)).toBe(1);
  });

  it('holds no more workers than half the memory carries, and never fewer than one', () => {
    expect(poolSizeFor(32, 4 * GB)).toBe(Math.floor((2 * GB) / WORKER_PEAK_BYTES));
    expect(poolSizeFor(8, 256 * 1024 * 1024)).toBe(1);
    expect(poolSizeFor(0, 8 * GB)).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'runs its workers below the server’s own thread, which keeps its priority',
    async () => {
      const before = os.getPriority();
      pool = new CheckPool(2, 'tiny', 320, { workerUrl });
      const answers = (await Promise.all([pool.check(job()), pool.check(job())])) as unknown as { nice: number }[];
      expect(answers.map((a) => a.nice)).toEqual([WORKER_NICE, WORKER_NICE]);
      expect(os.getPriority()).toBe(before);
    },
    30_000,
  );
});
