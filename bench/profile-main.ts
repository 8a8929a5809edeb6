/**
 * Profiles the main thread of the process that imports it (the server's event loop, where a
 * request's work runs) and writes a .cpuprofile into CPU_PROFILE_DIR when the process exits.
 * Unlike `node --cpu-prof` it leaves worker threads alone (the photo-check workers), so the
 * server starts as it does in production. bench/api.ts loads it with BENCH_PROFILE.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Session } from 'node:inspector';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  const exit = process.exit.bind(process);
  let written = false;
  // The server ends with process.exit after a graceful close: write the profile first.
  process.exit = ((code?: number) => {
    if (written) return exit(code);
    written = true;
    session.post('Profiler.stop', (err, r) => {
      if (!err) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `main-${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(r.profile));
      }
      exit(code);
    });
  }) as typeof process.exit;
}
