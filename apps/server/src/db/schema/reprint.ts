import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { members } from './members.ts';

// The tables modules/reprint owns (one schema file per owning module).

/** Reprint identity binding: 0 or 3 not bound, 1 bound, 2 unbind pending. */
export const bindings = pgTable(
  'bindings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer()
      .notNull()
      .references(() => members.id),
    yxdm: text().notNull(),
    studentId: text().notNull(),
    nationalStudentId: integer(),
    state: integer().notNull().default(1),
    /** When the member proved identity with the record's ID number (null: bound before proof was asked). */
    provenAt: timestamp({ withTimezone: true }),
    /** Set while a dispute over the record is open: the binding reads nothing until staff decide. */
    suspendedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('bindings_member_idx').on(t.memberId), index('bindings_student_idx').on(t.yxdm, t.studentId)],
);
