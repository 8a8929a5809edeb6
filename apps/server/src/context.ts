import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { PgQueryable } from './db/direct-statement.ts';
import type { PiiCipher } from './lib/pii.ts';
import type { Parties } from './providers/index.ts';
import type { SessionCache } from './http/session-cache.ts';
import type { SessionLookup } from './http/auth.ts';

/** What the app is built on before its outside parties. */
export interface CoreContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** node-postgres' pool on PostgreSQL, for the few reads run past drizzle (db/direct-statement.ts). */
  dbPool?: PgQueryable;
  pii: PiiCipher;
  /** The session advisory locks this instance holds now (db/client.ts withSessionAdvisoryLock). */
  heldLocks: Set<number>;
  /** This instance's live sessions, trusted while their change notifications are followed (http/session-cache.ts). */
  sessionCache: SessionCache;
  /** The member session lookup of the auth guard, prepared once (http/auth.ts). */
  sessionLookup: SessionLookup;
}

/**
 * What a module keeps per app (its prepared statements, caches, worker pool): each module declares
 * its own part (`declare module '../../context.ts'`, e.g. modules/orders/state.ts) and its plugin puts
 * it on the context as it registers (modules/orders/routes.ts); app.ts and this file make none of it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleState {}

/**
 * What every module may use: config, database, the PII cipher, the outside parties
 * (sms, mail, storage, pay, national, oauth, tracking; built in providers/index.ts) and the
 * modules' own state, each put there by the module's plugin.
 */
export type AppContext = CoreContext & Parties & ModuleState;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * The app's context before its modules' plugins register: each module puts its own state on it as
 * its plugin registers (ModuleState), before any request is served and before the seeds run, so
 * the app builds none of a module's state. Reading an area's state before its plugin has
 * registered finds nothing: a plugin uses another area's state only in its handlers.
 */
export function awaitingModuleState(base: CoreContext & Parties): AppContext {
  return base as AppContext;
}
