import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { PiiCipher } from './lib/pii.ts';
import type { Parties } from './providers/index.ts';

/** What the app is built on before its outside parties. */
export interface CoreContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  pii: PiiCipher;
  /** The photo URL signing key, derived once at start (modules/photos/photo-service.ts photoUrlKey). */
  photoUrlKey: Buffer;
  /** The session advisory locks this instance holds now (db/client.ts withSessionAdvisoryLock). */
  heldLocks: Set<number>;
}

/**
 * What every module may use: config, database, the PII cipher and the outside parties
 * (sms, mail, storage, pay, national, oauth, tracking), all built in providers/index.ts.
 */
export type AppContext = CoreContext & Parties;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
