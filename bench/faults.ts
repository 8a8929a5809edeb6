/**
 * npm run bench:faults: the fault suite's figures (apps/server/test/faults/fault-suite.test.ts):
 * two instances on one PostgreSQL database under a member workload while the database backends
 * are terminated, the bucket stops, SMS and mail refuse and hang, and an instance is killed. It
 * prints, per fault, the requests, the failed ones (503 with a message), those dropped, 500s (always
 * 0 or the suite fails), the longest outage and the time to come back. Needs PostgreSQL:
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (the suite makes and drops
 * its own database on that server).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const r = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--project',
    'server',
    'apps/server/test/faults/fault-suite.test.ts',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } },
);
process.exit(r.status ?? 1);
