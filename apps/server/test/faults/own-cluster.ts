import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../../../e2e/server.ts';

const run = promisify(execFile);

/** Where Debian and Ubuntu install PostgreSQL's server programs, newest version first. */
const PG_LIB = '/usr/lib/postgresql';

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, so a test may
 * stop and start the database server itself (never the machine's shared one). Null when the
 * server programs are not installed, or when this process runs as root and there is no
 * `postgres` account to run them as (PostgreSQL refuses to run as root).
 */
export async function ownCluster(): Promise<OwnCluster | null> {
  let bin: string | undefined;
  try {
    const versions = fs
      .readdirSync(PG_LIB)
      .filter((v) => fs.existsSync(path.join(PG_LIB, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) bin = path.join(PG_LIB, versions[0], 'bin');
  } catch {
    return null;
  }
  if (!bin) return null;
  let as: string[] = [];
  let owner: { uid: number; gid: number } | null = null;
  if (process.getuid?.() === 0) {
    try {
      owner = {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      };
    } catch {
      return null;
    }
    as = ['runuser', '-u', 'postgres', '--'];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-fault-'));
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pg = (program: string, args: string[]) => {
    const [cmd, ...rest] = [...as, path.join(bin!, program), ...args];
    return run(cmd!, rest, { timeout: 60_000 });
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: OwnCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () =>
      void (await pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start'])),
    stop: async (mode = 'fast') => void (await pg('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop'])),
    async remove() {
      await cluster.stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch {
    await cluster.remove();
    return null;
  }
  return cluster;
}

export interface OwnCluster {
  /** The cluster's maintenance database, as a base URL for throwaway databases. */
  url: string;
  start(): Promise<void>;
  /** Stops the server: 'fast' ends every connection with 57P01, as a restart or failover does. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  remove(): Promise<void>;
}
