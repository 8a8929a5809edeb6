import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { drizzleParsers, parsersOnce } from './pglite-parsers.ts';
import type { PgQueryable } from './direct-statement.ts';

export type Schema = typeof schema;
/** Both drivers (PGlite and node-postgres) give a PgDatabase; code sees only this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** Inside db.transaction(async (tx) => ...) use tx only: PGlite has one connection. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres' pool on PostgreSQL, for the few reads run past drizzle (db/direct-statement.ts). */
  pool?: PgQueryable;
  /**
   * Follows NOTIFY on a channel. `live` says whether notifications are being received: it turns
   * false when the listening connection is lost (every notification since may be missed) and
   * true again once it listens anew. Returns the function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    live: (on: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data dir, or ':memory:' for an in-memory database. */
  pgliteDir: string;
  /** PostgreSQL's timeouts (DB_*_MS settings); DB_TIMEOUTS by default. */
  timeouts?: Partial<DbTimeouts>;
}

/**
 * How long a request may wait on PostgreSQL before it answers 503 (db/connection-errors.ts) rather
 * than hang: for a connection (a database down or restarting refuses or never answers), for one
 * statement, and for a transaction left open between statements (its locks would hold everyone).
 */
export interface DbTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
}

export const DB_TIMEOUTS: DbTimeouts = { connectMs: 5_000, statementMs: 30_000, idleInTransactionMs: 60_000 };

/** The application_name of the pool's connections ('portal-listen' for the listener's). */
export const POOL_APPLICATION_NAME = 'portal';

/** PGlite under DATA_DIR/db by default; PostgreSQL with pg when DATABASE_URL is set. Migrates. */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Migrations on a connection of their own, without the statement timeout: an index built on a
    // season's rows may take longer than any request should.
    const migrator = new pg.Client({ connectionString: opts.databaseUrl, application_name: 'portal-migrate' });
    migrator.on('error', () => undefined); // its query rejects; the event must not end the process
    await migrator.connect();
    try {
      await migrate(drizzle({ client: migrator, casing: 'snake_case' }) as never, { migrationsFolder });
    } finally {
      await migrator.end().catch(() => undefined);
    }
    const t = { ...DB_TIMEOUTS, ...opts.timeouts };
    const pool = new (guardedPool(pg))({
      connectionString: opts.databaseUrl,
      max: 10,
      application_name: POOL_APPLICATION_NAME,
      connectionTimeoutMillis: t.connectMs,
      statement_timeout: t.statementMs,
      idle_in_transaction_session_timeout: t.idleInTransactionMs,
      keepAlive: true,
    });
    // No database error may end the process (see ARCHITECTURE.md, "Growing past one machine"). The
    // pool listens on its idle clients only; a client checked out (a transaction, a session lock)
    // whose backend is terminated between two statements emits 'error' with nobody listening, which
    // Node turns into an uncaught exception. Every client gets a listener of its own when it
    // connects: its pending or next query rejects, the request answers 503, and the pool discards it
    // when it is released (pg-pool drops a client that is no longer queryable).
    pool.on('connect', (c) =>
      c.on('error', (err) => {
        connectionLost('a pooled connection', err);
        releaseIfHeld(c, err);
      }),
    );
    pool.on('error', (err) => connectionLost('an idle pooled connection', err));
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    const listen: Database['listen'] = (channel, onMessage, live) =>
      listenOnPostgres(pg, { connectionString: opts.databaseUrl!, timeouts: t }, channel, onMessage, live);
    return { db, kind: 'postgres', pool, listen, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client: InstanceType<typeof PGlite>;
  if (opts.pgliteDir === ':memory:') {
    client = new PGlite({ parsers: drizzleParsers() });
  } else {
    fs.mkdirSync(path.dirname(opts.pgliteDir), { recursive: true });
    client = new PGlite(opts.pgliteDir, { parsers: drizzleParsers() });
  }
  await client.waitReady;
  parsersOnce(client);
  const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  // One in-process connection: notifications of its own commits arrive on it, and it is never lost.
  const listen: Database['listen'] = async (channel, onMessage, live) => {
    const stop = await client.listen(channel, onMessage);
    live(true);
    return async () => {
      live(false);
      if (!client.closed) await stop();
    };
  };
  return { db, kind: 'pglite', listen, close: () => client.close() };
}

/** How long a checked-out client whose connection died may stay held before the pool takes it back. */
const DEAD_HOLD_MS = 250;
const HELD = Symbol('held');
type Held = { [HELD]?: (err: Error) => void };

/**
 * node-postgres' pool whose checked-out clients cannot be lost with their connection. drizzle's
 * transaction sends BEGIN before its try/finally, so a connection that dies just then (the backend
 * terminated while the client sat idle in the pool) is never released: each such client is gone
 * from a pool of ten for good, and after a few restarts every request waits for a connection and
 * times out. Here release is idempotent, and a client whose connection died and that is still held
 * a moment later is released by the pool itself (and discarded, as it is no longer queryable).
 */
function guardedPool(pg: typeof import('pg').default) {
  return class GuardedPool extends pg.Pool {
    override connect(...args: unknown[]): never {
      if (args.length) return (super.connect as (...a: unknown[]) => never)(...args); // pool.query's own path
      return super.connect().then((c) => {
        const release = c.release.bind(c);
        let done = false;
        let timer: NodeJS.Timeout | undefined;
        const once = (err?: Error | boolean) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          delete (c as Held)[HELD];
          release(err);
        };
        (c as Held)[HELD] = (err) => {
          timer ??= setTimeout(() => once(err), DEAD_HOLD_MS).unref();
        };
        c.release = once;
        return c;
      }) as never;
    }
  };
}

/** Called on a client's connection error: a held client is taken back shortly (GuardedPool). */
function releaseIfHeld(c: object, err: Error): void {
  (c as Held)[HELD]?.(err);
}

/** A lost connection, logged at most once a second (a restart ends every connection at once). */
let lastLostLog = 0;
function connectionLost(what: string, err: Error): void {
  if (Date.now() - lastLostLog < 1_000) return;
  lastLostLog = Date.now();
  console.error(`database: ${what} was lost: ${err.message}`);
}

/**
 * Pauses before listening again after a lost connection (a restart or failover of the database):
 * the first soon, then doubling up to a bound, back to the first once a listen succeeds.
 */
const RELISTEN_MS = [250, 500, 1_000, 2_000, 4_000];
/**
 * A listener is live only while its own pings come back through the channel: a silently dead
 * connection (a dropped route, a failover that sent no reset) or a pooler that cannot carry
 * LISTEN (PgBouncer in transaction mode) would otherwise look live while notifications are lost.
 */
const PING_EVERY_MS = 10_000;
const PING_TIMEOUT_MS = 5_000;
const PING_PREFIX = 'ping:';

/** LISTEN on a connection of its own (a pooled one would be handed to queries), re-opened when lost. */
async function listenOnPostgres(
  pg: typeof import('pg').default,
  { connectionString, timeouts }: { connectionString: string; timeouts: DbTimeouts },
  channel: string,
  onMessage: (payload: string) => void,
  live: (on: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const me = `${PING_PREFIX}${process.pid}.${Math.random().toString(36).slice(2)}:`;
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let pinger: NodeJS.Timeout | null = null;
  let awaiting: { payload: string; timer: NodeJS.Timeout; done: () => void } | null = null;
  let pings = 0;
  /** Failed or lost listens in a row (the back-off's step). */
  let failures = 0;
  const settle = () => {
    if (!awaiting) return;
    clearTimeout(awaiting.timer);
    awaiting.done();
    awaiting = null;
  };
  const drop = (c: InstanceType<typeof pg.Client>) => {
    if (pinger) clearInterval(pinger);
    pinger = null;
    settle();
    c.removeAllListeners();
    c.on('error', () => undefined); // a late socket error of a dropped client must not crash the process
    return c.end().catch(() => undefined);
  };
  const lost = (c: InstanceType<typeof pg.Client>) => {
    if (client !== c) return;
    client = null;
    live(false);
    void drop(c);
    if (stopped) return;
    const pause = RELISTEN_MS[Math.min(failures++, RELISTEN_MS.length - 1)]!;
    retry = setTimeout(() => void open(), pause).unref();
  };
  /** Resolves when the ping is back or the connection given up. */
  const ping = (c: InstanceType<typeof pg.Client>) =>
    new Promise<void>((done) => {
      if (awaiting) return done();
      const payload = `${me}${++pings}`;
      awaiting = { payload, done, timer: setTimeout(() => lost(c), PING_TIMEOUT_MS).unref() };
      c.query(`NOTIFY ${channel}, '${payload}'`).catch(() => lost(c));
    });
  const open = async () => {
    retry = null;
    if (stopped) return;
    const c = new pg.Client({
      connectionString,
      application_name: 'portal-listen',
      keepAlive: true,
      connectionTimeoutMillis: timeouts.connectMs,
    });
    client = c;
    c.on('notification', (n) => {
      if (n.channel !== channel) return;
      const payload = n.payload ?? '';
      if (!payload.startsWith(PING_PREFIX)) return onMessage(payload);
      if (awaiting?.payload !== payload) return; // another instance's ping
      failures = 0;
      live(true);
      settle();
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client !== c) return;
      // Live once the first ping is back, and for as long as the next ones come back.
      await ping(c);
      if (client === c) pinger = setInterval(() => void ping(c), PING_EVERY_MS).unref();
    } catch {
      lost(c);
    }
  };
  await open();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    live(false);
    const c = client;
    client = null;
    if (c) await drop(c);
  };
}

export async function pingDatabase(db: Db): Promise<boolean> {
  await db.execute(sql`select 1`);
  return true;
}

/** Migrations applied = the journal's count; readiness reads it. */
export async function migrationsApplied(db: Db): Promise<number> {
  const r = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const rows = (r as unknown as { rows: { n: number }[] }).rows;
  return rows[0]?.n ?? 0;
}

/**
 * Runs fn under a PostgreSQL advisory lock so exactly one instance does periodic
 * work (see ARCHITECTURE.md, "Growing past one machine"). Returns false when another instance holds it.
 */
export async function withAdvisoryLock(db: Db, key: number, fn: (tx: Tx) => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as ok`);
    const ok = (r as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok;
    if (!ok) return false;
    await fn(tx);
    return true;
  });
}

/**
 * A session-level advisory lock for work that calls outside parties (seconds per step): unlike
 * withAdvisoryLock it holds no transaction open, so the work may use db freely. On PostgreSQL one
 * pooled connection holds the lock; PGlite belongs to one process, where a local flag is enough.
 * Returns false when another instance (or another run in this instance: `heldLocks`, the app context's) holds it.
 */
export async function withSessionAdvisoryLock(
  owner: { db: Db; dbKind: 'pglite' | 'postgres'; heldLocks: Set<number> },
  key: number,
  fn: () => Promise<void>,
): Promise<boolean> {
  const { db, dbKind: kind, heldLocks: held } = owner;
  if (held.has(key)) return false;
  held.add(key);
  try {
    if (kind === 'pglite') {
      await fn();
      return true;
    }
    type Client = { query(q: string, v: unknown[]): Promise<{ rows: { ok: boolean }[] }>; release(): void };
    const pool = (db as unknown as { $client: { connect(): Promise<Client> } }).$client;
    const c = await pool.connect();
    try {
      const r = await c.query('select pg_try_advisory_lock($1) as ok', [key]);
      if (!r.rows[0]?.ok) return false;
      try {
        await fn();
      } finally {
        await c.query('select pg_advisory_unlock($1)', [key]);
      }
      return true;
    } finally {
      c.release();
    }
  } finally {
    held.delete(key);
  }
}
