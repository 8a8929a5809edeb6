import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The tables modules/logistics owns (one schema file per owning module).

export const traceEvents = pgTable(
  'trace_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    waybillNo: text().notNull(),
    opCode: text().notNull(),
    opTime: timestamp({ withTimezone: true }).notNull(),
    opDesc: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // One row per event: a carrier's push repeats the events it sent before (logistics/parcel-events.ts).
  (t) => [
    index('trace_waybill_idx').on(t.waybillNo, t.opTime),
    uniqueIndex('trace_event_uq').on(t.waybillNo, t.opTime, t.opDesc),
  ],
);
