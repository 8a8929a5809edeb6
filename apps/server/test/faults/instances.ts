import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type DbTimeouts } from '../../src/db/client.ts';
import { throwawayDatabase, sqlClient } from '../hardening/child-server.ts';

/**
 * Helpers of the fault suites: app instances in this process on one throwaway PostgreSQL
 * database, a TCP proxy that plays a database going away, and a watch on the process's uncaught
 * errors (a crash must fail the test, not end the test run).
 */

export interface AppsOnOneDatabase {
  apps: FastifyInstance[];
  /** The throwaway database's URL (direct, not through any proxy). */
  url: string;
  /** A SQL client of the test on that database, outside every app's pool. */
  admin: Awaited<ReturnType<typeof sqlClient>>;
  close(): Promise<void>;
}

/** n apps (separate pools, listeners and session caches, as separate instances have) on one new database. */
export async function appsOnOneDatabase(
  baseUrl: string,
  prefix: string,
  n: number,
  opts: { connectThrough?: (url: string) => string; timeouts?: Partial<DbTimeouts> } = {},
): Promise<AppsOnOneDatabase> {
  const db = await throwawayDatabase(baseUrl, prefix);
  const apps: FastifyInstance[] = [];
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { pgliteDir: ':memory:', dataKey: '11'.repeat(32) },
  );
  const databaseUrl = opts.connectThrough ? opts.connectThrough(db.url) : db.url;
  for (let i = 0; i < n; i++) {
    const database = await openDatabase({ databaseUrl, pgliteDir: ':memory:', timeouts: opts.timeouts });
    const app = await buildApp(config, { database, skipSeed: true, logger: false });
    app.addHook('onClose', () => database.close());
    apps.push(app);
  }
  const admin = await sqlClient(db.url);
  admin.on('error', () => undefined);
  return {
    apps,
    url: db.url,
    admin,
    async close() {
      await Promise.all(apps.map((a) => a.close().catch(() => undefined)));
      await admin.end().catch(() => undefined);
      await db.drop();
    },
  };
}

/**
 * The process's uncaught exceptions and unhandled rejections while a suite runs: a database error
 * that escapes every handler would end a server, so here it is recorded and fails the test.
 */
export function watchCrashes(): { errors: unknown[] } {
  const seen = { errors: [] as unknown[] };
  const record = (e: unknown) => seen.errors.push(e);
  beforeAll(() => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });
  return seen;
}

/** A TCP proxy to a PostgreSQL server: stop() refuses new connections and cuts every open one. */
export class TcpProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** The URL that reaches the database through this proxy. */
  through(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
