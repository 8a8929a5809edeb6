import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { PiiCipher } from './lib/pii.ts';
import type { Parties } from './providers/index.ts';
import type { SessionCache } from './http/session-cache.ts';
import type { SessionLookup } from './http/auth.ts';
import type { MemberReads } from './modules/orders/reads.ts';
import type { OrderListCache } from './modules/orders/list-cache.ts';

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
  /** This instance's live sessions, trusted while their change notifications are followed (http/session-cache.ts). */
  sessionCache: SessionCache;
  /** The member session lookup of the auth guard, prepared once (http/auth.ts). */
  sessionLookup: SessionLookup;
  /** The member's order list and order page statements, prepared once (modules/orders/reads.ts). */
  memberReads: MemberReads;
  /** This instance's member order lists under their fingerprints (modules/orders/list-cache.ts). */
  orderLists: OrderListCache;
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
