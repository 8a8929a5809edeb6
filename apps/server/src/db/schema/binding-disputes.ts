import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { members } from './members.ts';
import { bindings } from './reprint.ts';
import { staffUsers } from './staff.ts';

/**
 * A member proved identity for a record another member holds: the holder's binding is
 * suspended and staff decide (state 1 open, 2 record given to the claimant, 3 holder restored).
 * At most one open dispute per record.
 */
export const bindingDisputes = pgTable(
  'binding_disputes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    yxdm: text().notNull(),
    studentId: text().notNull(),
    nationalStudentId: integer().notNull(),
    claimantId: integer()
      .notNull()
      .references(() => members.id),
    heldBindingId: integer()
      .notNull()
      .references(() => bindings.id),
    state: integer().notNull().default(1),
    resolvedBy: integer().references(() => staffUsers.id),
    resolvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('binding_dispute_open_uq')
      .on(t.yxdm, t.studentId)
      .where(sql`state = 1`),
    index('binding_dispute_state_idx').on(t.state, t.createdAt),
  ],
);
