import { index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { members } from './members.ts';

// The tables modules/photos owns (one schema file per owning module).

/** Uploaded photos, apart from identity rows; bytes live in storage under an unguessable key. */
export const photos = pgTable(
  'photos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer().references(() => members.id),
    storageKey: text().notNull(),
    sha256: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    passed: boolean().notNull(),
    checkResult: jsonb().notNull(),
    descriptor: real().array(),
    source: text({ enum: ['upload', 'national', 'seed'] })
      .notNull()
      .default('upload'),
    /** A photo the machine corrected (framing, background) and the member chose: the upload as it came. */
    originalKey: text(),
    autoCorrected: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('photos_key_uq').on(t.storageKey), index('photos_member_idx').on(t.memberId)],
);

/**
 * A corrected version of a refused upload, offered to its member for a short while: the
 * corrected and the original bytes in storage, until the member accepts it (it becomes a photo)
 * or it expires (bytes and row go).
 */
export const photoCandidates = pgTable(
  'photo_candidates',
  {
    id: text().primaryKey(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    correctedKey: text().notNull(),
    originalKey: text().notNull(),
    /** What the machine changed, in order: roll (eyes levelled), crop (scaled and placed), background. */
    steps: jsonb().$type<string[]>().notNull(),
    background: text({ enum: ['blue', 'white', 'grey'] }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedPhotoId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_candidates_expiry_idx').on(t.expiresAt)],
);

/**
 * One refused upload: its check object (no bytes, no member), so the console can count which
 * items fail; a refused photo itself is never stored.
 */
export const photoCheckFailures = pgTable(
  'photo_check_failures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    checkResult: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_check_failures_created_idx').on(t.createdAt)],
);
