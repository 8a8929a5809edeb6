import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { MailProvider } from './mail.ts';
import type { SmsProvider } from './sms.ts';
import { buildMail, buildSms } from './messaging.ts';
import { openStorage, type Storage } from './storage.ts';

/**
 * Every outside party of an app, built in this one place from configuration: a reader finds here
 * which adapter runs in which mode. Production refuses to start with a sandbox or a missing party.
 */
export interface Parties {
  sms: SmsProvider;
  mail: MailProvider;
  /** Photo bytes (disk by default, S3-compatible by config). */
  storage: Storage;
}

export function buildParties(config: Config, db: Db): Parties {
  return {
    sms: buildSms(config.sms, db),
    mail: buildMail(config.mail, db),
    storage: openStorage(config.photos.storage, config.dataDir, config.pgliteDir === ':memory:'),
  };
}
