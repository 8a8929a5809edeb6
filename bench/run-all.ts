/**
 * npm run bench: every benchmark in turn, each printing its own ratios.
 * Benchmarks are measurements, not tests: nothing here fails on a slow figure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const steps = [
  'web-size.ts',
  'startup.ts',
  'photo.ts',
  'camera-speed.ts',
  'api.ts',
  'season-scale.ts',
  'season-day.ts',
  'export.ts',
  'review.ts',
  'faults.ts',
  'lighthouse.ts',
].filter((f) => fs.existsSync(path.join(here, f)));
let failed = 0;
for (const f of steps) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
