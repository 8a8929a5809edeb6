import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import type { SmsProvider, SmsTemplateMessage } from './sms.ts';
import type { MailProvider, MailMessage } from './mail.ts';

/**
 * What the SMS and mail sandboxes "sent", codes in clear: demo mode only. The table is not in the
 * migrated schema (a migration drops it), so a production database never holds one; demo mode
 * creates it at start (ensureOutbox), and GET /api/dev/outbox reads it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text({ enum: ['sms', 'mail'] }).notNull(),
    to: text().notNull(),
    text: text().notNull(),
    code: text(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.sentAt)],
);

/** Creates the demo outbox when missing (never called in production). */
export async function ensureOutbox(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists outbox (
    id integer primary key generated always as identity,
    channel text not null,
    "to" text not null,
    text text not null,
    code text,
    sent_at timestamptz not null default now()
  )`);
  await db.execute(sql`create index if not exists outbox_to_idx on outbox ("to", sent_at)`);
}

/** Deletes what the sandboxes "sent" to these targets (deactivation). */
export async function eraseOutbox(db: DbOrTx, targets: (string | null)[]): Promise<void> {
  const to = targets.filter((t): t is string => !!t);
  if (to.length) await db.delete(outbox).where(inArray(outbox.to, to));
}

/** Demo mode: the text lands in the outbox table. */
export class SandboxSms implements SmsProvider {
  readonly kind = 'sandbox' as const;
  constructor(private readonly db: Db) {}
  async send(to: string, text: string, code: string): Promise<void> {
    await this.db.insert(outbox).values({ channel: 'sms', to, text, code });
  }
  /** A notice: the filled-in template text, no code (the login pages read only rows with one). */
  async sendTemplate(to: string, m: SmsTemplateMessage): Promise<void> {
    await this.db.insert(outbox).values({ channel: 'sms', to, text: m.text, code: null });
  }
}

export class SandboxMail implements MailProvider {
  readonly kind = 'sandbox' as const;
  constructor(private readonly db: Db) {}
  async send(m: MailMessage): Promise<void> {
    await this.db
      .insert(outbox)
      .values({ channel: 'mail', to: m.to, text: `${m.subject}\n${m.text}`, code: m.code || null });
  }
}
