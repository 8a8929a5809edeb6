import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { PiiCipher } from './lib/pii.ts';
import type { SmsProvider } from './providers/sms.ts';
import type { MailProvider } from './providers/mail.ts';
import type { Storage } from './providers/storage.ts';

/** What every module may use: config, database, the PII cipher and the outside parties. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  pii: PiiCipher;
  sms: SmsProvider;
  mail: MailProvider;
  /** Photo bytes (disk by default, S3-compatible by config). */
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
