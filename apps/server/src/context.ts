import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { PiiCipher } from './lib/pii.ts';
import type { Parties } from './providers/index.ts';
import type { SessionCache } from './http/session-cache.ts';
import type { SessionLookup } from './http/auth.ts';

/** What the app is built on before its outside parties. */
export interface CoreContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
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
 * its own part (`declare module '../../context.ts'`, e.g. modules/orders/state.ts) and makes it
 * where the app is built; this file names none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleState {}

/**
 * What every module may use: config, database, the PII cipher, the outside parties
 * (sms, mail, storage, pay, national, oauth, tracking; built in providers/index.ts) and the
 * modules' own state, all made where the app is built (app.ts).
 */
export type AppContext = CoreContext & Parties & ModuleState;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
