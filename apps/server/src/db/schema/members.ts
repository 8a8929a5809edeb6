import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** A student or graduate. ID numbers are encrypted at rest with a blind index (see ARCHITECTURE.md, "Data"). */
export const members = pgTable(
  'members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    mobile: text(),
    mail: text(),
    /**
     * When the member entered a code sent to `mail` (null: never proven). Only a proven address
     * finds an account (binding by e-mail); rows from before the rule count as unproven.
     */
    mailVerifiedAt: timestamp({ withTimezone: true }),
    name: text(),
    idCardEnc: text(),
    idCardHash: text(),
    openId: text(),
    isFirst: boolean().notNull().default(true),
    status: text({ enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    deactivatedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('members_mobile_uq').on(t.mobile),
    uniqueIndex('members_open_id_uq').on(t.openId),
    index('members_mail_idx').on(t.mail),
  ],
);

/** A login session: the token is kept only as its sha256; idles out server-side. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    tokenHash: text().notNull(),
    randomKey: text().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    endReason: text(),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_member_idx').on(t.memberId)],
);

/** SMS and e-mail codes, hashed, with expiry and a wrong-try counter. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text({ enum: ['sms', 'mail'] }).notNull(),
    target: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    usedAt: timestamp({ withTimezone: true }),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('codes_target_idx').on(t.target, t.purpose, t.createdAt)],
);

/** Image captchas: one code and one login each, bound to the target they were solved for. */
export const captchas = pgTable('captchas', {
  token: text().primaryKey(),
  answer: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  /** Blind index of the mobile or e-mail it was solved for (never the target in clear). */
  boundTarget: text(),
  /** When it paid for a code: one captcha, one code (issue 17). */
  sentAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Counters for abuse limits, shared by every instance (see ARCHITECTURE.md, "Growing past one machine"). */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Third-party login: the state handed out with the authorize URL, and the sandbox's codes. */
export const oauthStates = pgTable('oauth_states', {
  state: text().primaryKey(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  code: text(),
  openId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Separate consents (terms, face photo and ID processing), with their wording version. */
export const consents = pgTable(
  'consents',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    kind: text().notNull(),
    version: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consents_member_idx').on(t.memberId, t.kind)],
);
