/**
 * npm run bench:startup: how long the server takes from process start to ready
 * (/api/health/ready answering 200), run through tsx from TypeScript (`npm run serve`) and as the
 * compiled build with plain node (`npm run start:prod`), on the embedded database: the first start
 * on an empty data folder (migrations and seeds) and restarts on the same folder (what a deploy or
 * a crash costs). Builds the server first when apps/server/dist is missing. Prints, never fails on
 * a slow figure. BENCH_RESTARTS sets the restarts per variant (default 3).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/server/dist/main.js');
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);

const variants = {
  'tsx (TypeScript)': ['--import', 'tsx', 'apps/server/src/main.ts'],
  'compiled (node)': ['--enable-source-maps', DIST],
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Milliseconds from spawn to the first 200 of the readiness route; the process is then stopped. */
async function startOnce(args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${err.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - t0;
      if (performance.now() - t0 > 180_000) throw new Error('not ready in 180 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

if (!fs.existsSync(DIST)) {
  const b = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}
const rows: { name: string; first: number; restart: number }[] = [];
for (const [name, args] of Object.entries(variants)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));
  try {
    const first = await startOnce(args, dir);
    const restarts: number[] = [];
    for (let i = 0; i < RESTARTS; i++) restarts.push(await startOnce(args, dir));
    rows.push({ name, first, restart: median(restarts) });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
console.log(`start-up to ready (embedded database; restart = median of ${RESTARTS}):`);
for (const r of rows)
  console.log(
    `  ${r.name.padEnd(18)} first start ${(r.first / 1000).toFixed(2)} s   restart ${(r.restart / 1000).toFixed(2)} s`,
  );
const [tsx, compiled] = rows;
if (tsx && compiled)
  console.log(
    `  compiled / tsx: first start ${(compiled.first / tsx.first).toFixed(2)}, restart ${(compiled.restart / tsx.restart).toFixed(2)}`,
  );
