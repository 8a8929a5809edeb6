/**
 * bench:season-day's figures: the photo check alone (its limit), CPU from /proc, and the tables.
 */
import fs from 'node:fs';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import { CheckPool } from '../apps/server/src/modules/photos/check-pool.ts';
import { normalise } from '../apps/server/src/modules/photos/decode.ts';
import type { Recorder } from './season-day-load.ts';

export interface CpuSample {
  /** The server process (its workers included), every PostgreSQL process, the whole machine: busy seconds. */
  server: number;
  postgres: number;
  machine: number;
  /** This process, the load generator. */
  generator: number;
}

const TICK = 100;
const procSeconds = (pid: string | number) => {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return 0;
  }
};

export function cpuSeconds(serverPid: number): CpuSample {
  let postgres = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const comm = (() => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      } catch {
        return '';
      }
    })();
    if (comm === 'postgres') postgres += procSeconds(pid);
  }
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const idle = cpu[3]! + cpu[4]!;
  const own = process.cpuUsage();
  return {
    server: procSeconds(serverPid),
    postgres,
    machine: (cpu.reduce((a, b) => a + b, 0) - idle) / TICK,
    generator: (own.user + own.system) / 1e6,
  };
}

export interface Alone {
  photos: number;
  secs: number;
}

/** Photos checked a second by the check alone (decode, then the pool), the uploads' mix, 16 at a time. */
export async function checkAlone(
  workers: number,
  accepted: Buffer[],
  refused: Buffer[],
  refusedShare: number,
  seconds: number,
): Promise<Alone> {
  const pool = new CheckPool(workers, 'tiny');
  const one = async (bytes: Buffer) => {
    const n = await normalise(bytes, 'individual', DEFAULT_BOUNDS);
    await pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
  };
  await Promise.all(Array.from({ length: workers }, () => one(accepted[0]!)));
  let photos = 0;
  let i = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (performance.now() < end) {
        const k = i++;
        const bytes = (k * 0.618) % 1 < refusedShare ? refused[k % refused.length]! : accepted[k % accepted.length]!;
        await one(bytes).catch(() => undefined);
        photos++;
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  await pool.close();
  return { photos, secs };
}

export interface RunFigures {
  orders: number;
  workers: number;
  seconds: number;
  rec: Recorder;
  cpu0: CpuSample;
  cpu1: CpuSample;
  dbBytes: number;
  alone: Alone;
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
};
const MEMBER_READS = ['member list', 'order page', 'season member list', 'season order page'];

export function printRun(
  f: RunFigures,
  load: { students: number; readers: number; staff: number; defaultWorkers: number },
): void {
  const { rec, seconds } = f;
  const jps = rec.journeys / seconds;
  const cps = f.alone.photos / f.alone.secs;
  console.log(
    `\n--- ${f.orders.toLocaleString('en')} orders, ${f.workers} photo worker${f.workers > 1 ? 's' : ''}${f.workers === load.defaultWorkers ? ' (the default)' : ''}: ${load.students} students, ${load.readers} season readers, ${load.staff} staff ---`,
  );
  console.log('kind                         req/s    p50 ms    p99 ms     count');
  for (const [kind, ms] of [...rec.ms].sort((a, b) => a[0].localeCompare(b[0])))
    console.log(
      `${kind.padEnd(26)} ${(ms.length / seconds).toFixed(1).padStart(7)} ${q(ms, 0.5).toFixed(1).padStart(9)} ${q(ms, 0.99).toFixed(1).padStart(9)} ${String(ms.length).padStart(9)}`,
    );
  const all = [...rec.ms.entries()].filter(([k]) => !k.startsWith('(hook)')).flatMap(([, v]) => v);
  console.log(`portal requests (hooks left out): ${(all.length / seconds).toFixed(1)}/s`);
  const reads = MEMBER_READS.flatMap((k) => rec.ms.get(k) ?? []);
  const readP99 = q(reads, 0.99);
  const cpu = (k: keyof typeof f.cpu0) => (f.cpu1[k] - f.cpu0[k]) / Math.max(1, rec.journeys);
  console.log(
    `errors: ${rec.errors.length}${rec.errors.length ? ` (first: ${[...new Set(rec.errors)].slice(0, 5).join(' | ')})` : ''}`,
  );
  console.log(
    `full journeys: ${rec.journeys} in ${seconds} s = ${jps.toFixed(2)}/s; photo checks per journey ${(rec.checks / Math.max(1, rec.journeys)).toFixed(2)}, corrections made per journey ${(rec.corrections / Math.max(1, rec.journeys)).toFixed(2)}`,
  );
  console.log(
    `CPU per journey: server ${(cpu('server') * 1000).toFixed(0)} ms (its workers included), PostgreSQL ${(cpu('postgres') * 1000).toFixed(0)} ms, the load generator ${(cpu('generator') * 1000).toFixed(0)} ms, whole machine ${(cpu('machine') * 1000).toFixed(0)} ms (everything running on it)`,
  );
  console.log(`database size: ${(f.dbBytes / 1024 ** 3).toFixed(2)} GB`);
  console.log(
    `the limit: the photo check alone with ${f.workers} worker${f.workers > 1 ? 's' : ''} ${cps.toFixed(1)} photos/s; journeys/s ÷ checks/s = ${(jps / cps).toFixed(2)} (aim ≥ 0.8)`,
  );
  const perJourney = rec.checks / Math.max(1, rec.journeys);
  console.log(
    `  a journey sends ${perJourney.toFixed(2)} photos to the check (refusals, corrections), so journeys/s could reach ${(1 / perJourney).toFixed(2)} of checks/s at most; the checks the journeys made ran at ${((jps * perJourney) / cps).toFixed(2)} of the check alone's rate`,
  );
  console.log(
    `member reads under this load: p99 ${readP99.toFixed(1)} ms (aim < 20; ratio ${(readP99 / 20).toFixed(2)})`,
  );
}

/**
 * Each kind's p50 and p99 at every size: what grows with the season. A kind whose median grows by
 * half or more while the season grows is named (a member's own data is the same at every size).
 */
export function printGrowth(runs: RunFigures[]): void {
  if (runs.length < 2) return;
  const kinds = [...new Set(runs.flatMap((r) => [...r.rec.ms.keys()]))].filter((k) => !k.startsWith('(hook)')).sort();
  const sizes = runs.map((r) => `${(r.orders / 1e6).toFixed(1)}M`);
  console.log(`\n--- by season size (default pool): p50 ms, p99 ms ---`);
  console.log(
    `kind                      ${sizes.map((z) => `${z} p50`.padStart(10) + `${z} p99`.padStart(10)).join('')}   p50 last/first`,
  );
  const grows: string[] = [];
  for (const k of kinds) {
    const p50 = runs.map((r) => q(r.rec.ms.get(k) ?? [], 0.5));
    const p99 = runs.map((r) => q(r.rec.ms.get(k) ?? [], 0.99));
    const ratio = p50.at(-1)! / p50[0]!;
    if (ratio >= 1.5) grows.push(`${k} (${ratio.toFixed(1)}×)`);
    console.log(
      `${k.padEnd(26)}${p50.map((x, i) => x.toFixed(1).padStart(10) + p99[i]!.toFixed(1).padStart(10)).join('')}   ${ratio.toFixed(2)}`,
    );
  }
  console.log(`growing with the season (median up by half or more): ${grows.length ? grows.join(', ') : 'none'}`);
}
