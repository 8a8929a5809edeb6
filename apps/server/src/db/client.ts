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
}

/** PGlite under DATA_DIR/db by default; PostgreSQL with pg when DATABASE_URL is set. Migrates. */
export async function openDatabase(opts: DbOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client whose connection the server closed (restart, failover) must not crash the
    // process: the pool drops it and the next query opens a fresh one.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    const listen: Database['listen'] = (channel, onMessage, live) =>
      listenOnPostgres(pg, opts.databaseUrl!, channel, onMessage, live);
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

/** Pause before listening again after a lost connection (a restart or failover of the database). */
const RELISTEN_MS = 1_000;
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
  connectionString: string,
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
    if (!stopped) retry = setTimeout(() => void open(), RELISTEN_MS).unref();
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
    const c = new pg.Client({ connectionString, application_name: 'portal-listen', keepAlive: true });
    client = c;
    c.on('notification', (n) => {
      if (n.channel !== channel) return;
      const payload = n.payload ?? '';
      if (!payload.startsWith(PING_PREFIX)) return onMessage(payload);
      if (awaiting?.payload !== payload) return; // another instance's ping
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
