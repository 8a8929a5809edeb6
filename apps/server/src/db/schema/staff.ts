import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '@portal/contract/console';
import { timestamps } from './columns.ts';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    username: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: STAFF_ROLES }).notNull(),
    /** The branch office (fy) a branch account is limited to. */
    branch: text(),
    /** The active TOTP secret; never returned by the API once active. */
    totpSecret: text(),
    /** A secret generated for enrolment, active only after its first code is confirmed. */
    totpPendingSecret: text(),
    totpPendingExpiresAt: timestamp({ withTimezone: true }),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: integer(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('staff_username_uq').on(t.username)],
);

/**
 * Staff login failures and locks, keyed by keyed hashes of the user name typed (known or not) and the
 * address (modules/staff/lockout.ts): per name and address, per name, per address; and the addresses a
 * name last logged in from. Never a name or an address in clear.
 */
export const staffLoginGuards = pgTable(
  'staff_login_guards',
  {
    key: text().primaryKey(),
    failures: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_login_guards_updated_idx').on(t.updatedAt)],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer()
      .notNull()
      .references(() => staffUsers.id),
    tokenHash: text().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_sessions_token_uq').on(t.tokenHash)],
);

/** Who did what, when, before and after. Never holds codes, tokens, ID numbers or photos. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorKind: text({ enum: ['staff', 'member', 'system'] }).notNull(),
    actorId: integer(),
    action: text().notNull(),
    targetKind: text(),
    targetId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_target_idx').on(t.targetKind, t.targetId), index('audit_created_idx').on(t.createdAt)],
);

export const nationalExports = pgTable('national_exports', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  staffId: integer().notNull(),
  scope: jsonb().notNull(),
  photoCount: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
