import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

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
    fy: text().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('tasks_school_code_idx').on(t.yxdm, t.featureCode)],
);
