import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** The school codes (yxdm) a school account is limited to; null for every other role. */
    schools: text().array(),
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

/**
 * A national photo export, run as a background job (modules/national/export-runner.ts): claimed by
 * one instance (claimToken, heartbeatAt), written to photo storage part by part, and resumed from
 * its last checkpoint (bytes, parts, cursor) when its instance stops or dies. Rows from before jobs
 * read as done.
 */
export const nationalExports = pgTable(
  'national_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer().notNull(),
    scope: jsonb().notNull(),
    /** Photos in the ZIP. */
    photoCount: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    state: text({ enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('done'),
    /** The starting staff's branch: a branch job exports (and shows to) that branch only. */
    branch: text(),
    /** Persons in scope when the job started; rows done so far (in the ZIP or left out); left out. */
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    leftOut: integer().notNull().default(0),
    storageKey: text(),
    uploadId: text(),
    /** The checkpoint: ZIP bytes written in committed parts, those parts, and the last row in them. */
    bytes: bigint({ mode: 'number' }).notNull().default(0),
    parts: jsonb().$type<{ n: number; etag: string }[]>().notNull().default([]),
    cursorYxdm: text(),
    cursorId: integer().notNull().default(0),
    claimToken: text(),
    heartbeatAt: timestamp({ withTimezone: true }),
    lastError: text(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('national_export_state_idx').on(t.state)],
);

/**
 * What an export has put in its ZIP (a photo or a school's manifest: name, CRC and place, for the
 * central directory) or left out (the row and why), written with each checkpoint.
 */
export const nationalExportFiles = pgTable(
  'national_export_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    exportId: integer().notNull(),
    kind: text({ enum: ['photo', 'manifest', 'left-out'] }).notNull(),
    orderDetailId: integer(),
    yxdm: text().notNull(),
    name: text(),
    crc32: bigint({ mode: 'number' }).notNull().default(0),
    size: integer().notNull().default(0),
    offset: bigint({ mode: 'number' }).notNull().default(0),
    /** The manifest line of a photo, the left-out list's line of a row left out. */
    line: text(),
    reason: text(),
  },
  (t) => [index('national_export_files_idx').on(t.exportId, t.kind, t.yxdm)],
);
