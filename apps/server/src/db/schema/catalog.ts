import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { members } from './members.ts';

/** GB/T 2260 administrative divisions; root 100000; TYPE 1 province, 2 city, 3 district. */
export const regions = pgTable(
  'regions',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    type: integer().notNull(),
    upid: text().notNull(),
  },
  (t) => [index('regions_upid_idx').on(t.upid)],
);

/** The Ministry of Education's list of institutions, plus the programme's flags. */
export const schools = pgTable(
  'schools',
  {
    yxdm: text().primaryKey(),
    code10: text(),
    name: text().notNull(),
    /** Lower-cased, full-width folded name for searching. */
    searchName: text().notNull(),
    province: text(),
    city: text(),
    authority: text(),
    level: text(),
    private: boolean().notNull().default(false),
    /** 1: pilot (test-point) school with centralised collection and the national QR flow. */
    testPoint: integer().notNull().default(0),
    schoolType: integer().notNull().default(1),
    /** Education levels offered, e.g. '1,2,3'. */
    educations: text().notNull().default('2,3'),
    authorised: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [index('schools_search_idx').on(t.searchName)],
);

export const carriers = pgTable('carriers', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  nameZh: text().notNull(),
  nameEn: text().notNull(),
  active: boolean().notNull().default(true),
  sort: integer().notNull().default(0),
});

/** A school's centralised collection batch, run by a branch office (fy). */
export const tasks = pgTable(
  'tasks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    yxdm: text()
      .notNull()
      .references(() => schools.yxdm),
    featureCode: text().notNull(),
    nameZh: text().notNull(),
    nameEn: text().notNull(),
    priceFen: integer().notNull(),
    endTime: timestamp({ withTimezone: true }).notNull(),
    /** Needs the national collection code from the app (mosaic flag). */
    mosaic: boolean().notNull().default(false),
    /** The school asks for a live photo: uploads for this task must come from the camera capture (a capture token). */
    captureOnly: boolean().notNull().default(false),
    fy: text().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('tasks_school_code_idx').on(t.yxdm, t.featureCode),
    // One active task per school link: a second task on a school's live feature code would take its students.
    uniqueIndex('tasks_open_school_code_uq')
      .on(t.yxdm, sql`upper(feature_code)`)
      .where(sql`active`),
  ],
);

/** Which branch office serves a school, kept by admins: a branch account runs tasks only for its own schools. */
export const schoolBranches = pgTable(
  'school_branches',
  {
    yxdm: text()
      .primaryKey()
      .references(() => schools.yxdm),
    fy: text().notNull(),
    ...timestamps,
  },
  (t) => [index('school_branches_fy_idx').on(t.fy)],
);

/**
 * A member's proof, for one task, of being one student of the platform's record (the last
 * characters of the record's ID number): the form opens and an order is created only with one.
 */
export const taskStudentProofs = pgTable(
  'task_student_proofs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    taskId: integer()
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** The record's student number (xh) on the platform. */
    xh: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('task_student_proofs_uq').on(t.memberId, t.taskId, t.xh)],
);
