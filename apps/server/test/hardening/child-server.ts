import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_RESPONSE_SECRET } from '@portal/contract/defaults';
import { responseSign, signBody, type Envelope } from '@portal/contract/envelope';
import { afterAll, beforeAll } from 'vitest';
import { createDatabase } from '../helpers.ts';
import { freePort } from '../../../../e2e/server.ts';

/**
 * Real server processes for the hardening suites that need more than app.inject: a
 * kill -9 in the middle of writes, two instances on one PostgreSQL database.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The PostgreSQL base URL of the database suite when one answers, else null (the suite is skipped). */
export async function reachablePostgres(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    await c.query('select 1');
    return url;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A throwaway database beside the base one; drop() forces the last connections out. */
export async function throwawayDatabase(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const { name, url } = await createDatabase(baseUrl, prefix);
  return {
    url,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // Our children are dead by now; force out any connection PostgreSQL still counts.
      await c.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await c.end();
    },
  };
}

/** A pg client on a database, for checks in SQL. */
export async function sqlClient(url: string) {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

export function tempDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

export interface ServerOptions {
  /** PostgreSQL; without it the child uses PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** The same key on every instance and restart: codes and ID numbers are hashed with it. */
  dataKey?: string;
  env?: Record<string, string>;
  /** What node runs (default the TypeScript server through tsx) and where (default the repository). */
  command?: { args: string[]; cwd?: string };
}

export const TEST_DATA_KEY = '22'.repeat(32);

/** One running server process. kill9() is a crash: no shutdown hook runs. */
export class ChildServer {
  readonly url: string;
  private child: ChildProcess;
  private output: string[] = [];

  private constructor(child: ChildProcess, url: string) {
    this.child = child;
    this.url = url;
    const keep = (b: Buffer) => {
      this.output.push(b.toString());
      if (this.output.length > 200) this.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  /** The exit code once the process has exited (null while running or when killed by a signal). */
  get exitCode(): number | null {
    return this.child.exitCode;
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** The last lines the process printed (for failure messages). */
  log(): string {
    return this.output.join('').slice(-4000);
  }

  static async start(opts: ServerOptions, timeoutMs = 120_000): Promise<ChildServer> {
    const port = await freePort();
    const child = spawn(process.execPath, opts.command?.args ?? ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: opts.command?.cwd ?? ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: opts.dataDir,
        DATABASE_URL: opts.databaseUrl ?? '',
        DATA_KEY: opts.dataKey ?? TEST_DATA_KEY,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // Many parallel clients from one address: the per-IP API cap is not under test here.
        RATE_LIMIT_PER_MINUTE: '1000000',
        ...opts.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const s = new ChildServer(child, `http://127.0.0.1:${port}`);
    try {
      await s.waitReady(timeoutMs);
    } catch (e) {
      await s.kill9();
      throw e;
    }
    return s;
  }

  /** Polls the readiness endpoint (database reachable, migrations applied). */
  async waitReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.exited) throw new Error(`server exited before ready:\n${this.log()}`);
      try {
        const r = await fetch(`${this.url}/api/health/ready`, { signal: AbortSignal.timeout(5000) });
        if (r.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server not ready in ${timeoutMs} ms:\n${this.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** SIGKILL and wait for the exit. */
  async kill9(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await gone;
  }

  /** Graceful stop (SIGTERM), SIGKILL after a grace period. */
  async stop(graceMs = 15_000): Promise<void> {
    if (this.exited) return;
    const gone = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    const t = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await gone;
    clearTimeout(t);
  }
}

/** Two server processes on one throwaway PostgreSQL database, with a SQL client on it. */
export interface TwoInstances {
  a: ChildServer;
  b: ChildServer;
  pg: Awaited<ReturnType<typeof sqlClient>>;
  stop(): Promise<void>;
}

export async function twoInstances(
  baseUrl: string,
  prefix: string,
  env: Record<string, string> = {},
): Promise<TwoInstances> {
  const db = await throwawayDatabase(baseUrl, prefix);
  const dirs = [tempDataDir(`portal-${prefix}-a`), tempDataDir(`portal-${prefix}-b`)];
  const started: ChildServer[] = [];
  let pg: Awaited<ReturnType<typeof sqlClient>> | null = null;
  const stop = async () => {
    await Promise.all(started.map((s) => s.stop()));
    await pg?.end();
    await db.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  };
  try {
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const dataDir of dirs) started.push(await ChildServer.start({ databaseUrl: db.url, dataDir, env }));
    pg = await sqlClient(db.url);
  } catch (e) {
    await stop();
    throw e;
  }
  return { a: started[0]!, b: started[1]!, pg, stop };
}

/** Why a suite on two instances is skipped when no PostgreSQL answers. */
export const NEEDS_POSTGRES =
  'needs PostgreSQL: set TEST_DATABASE_URL to a reachable database (the database suite runs it)';

/**
 * Two instances for the tests of one describe: started before them, stopped after. `set`
 * receives them (the file keeps its own `let a, b, pg`, so the tests read as before).
 */
export function useTwoInstances(
  baseUrl: string | null,
  prefix: string,
  set: (two: TwoInstances) => void,
  env: Record<string, string> = {},
): void {
  let two: TwoInstances | null = null;
  beforeAll(async () => {
    two = await twoInstances(baseUrl!, prefix, env);
    set(two);
  }, 240_000);
  afterAll(async () => two?.stop());
}

/** Unique mobiles for one suite: its own prefix, this process, then a counter. */
export function mobileSequence(prefix: string): () => string {
  let seq = 0;
  return () => `${prefix}${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(3, '0')}`;
}

/** A member session through the dev login of a child server (a returning member, no captcha). */
export const devLogin = (s: ChildServer, mobile: string) =>
  apiData<MemberSession>(s.url, { url: '/api/dev/login', body: { mobile, name: '张三', isFirst: false } });

export interface MemberSession {
  token: string;
  randomKey: string;
  memberId: number;
}

export type Answer<T = unknown> = Envelope<T> & { status: number };

/**
 * HTTP calls to a child server like the web makes them: session headers, signed member
 * POST bodies, and the answer's signature checked.
 */
export async function api<T = unknown>(
  base: string,
  opts: {
    method?: 'GET' | 'POST';
    url: string;
    body?: unknown;
    session?: MemberSession;
    headers?: Record<string, string>;
    form?: FormData;
    timeoutMs?: number;
  },
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.session) {
    headers.authorization = `Bearer ${opts.session.token}`;
    headers.memberid = String(opts.session.memberId);
  }
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.session ? signBody(opts.body, opts.session.randomKey) : opts.body);
  }
  const res = await fetch(base + opts.url, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 60_000),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.sign !== responseSign(env.code, env.timestamp, DEFAULT_RESPONSE_SECRET))
    throw new Error(`bad response sign on ${opts.url}`);
  return { ...env, status: res.status };
}

/** The data of a successful answer, or an error naming the call and the answer. */
export async function apiData<T>(base: string, opts: Parameters<typeof api>[1]): Promise<T> {
  const r = await api<T>(base, opts);
  if (r.code !== 200 && r.code !== 0) throw new Error(`${opts.url}: ${r.code} ${r.msg}`);
  return r.data;
}
