import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/** A staff-started photo report to the national platform: a school or a date range, sent in batches. */
export const nationalReportJobs = pgTable('national_report_jobs', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  staffId: integer().notNull(),
  scope: jsonb().notNull(),
  state: text({ enum: ['running', 'done'] })
    .notNull()
    .default('running'),
  /** Photos this run sends (those not yet accepted when it started). */
  total: integer().notNull(),
  /** This run's outcomes, kept on the job so a later run taking up its rejects leaves them as they were. */
  accepted: integer().notNull().default(0),
  rejected: integer().notNull().default(0),
  failed: integer().notNull().default(0),
  calls: integer().notNull().default(0),
  failedCalls: integer().notNull().default(0),
  lastError: text(),
  finishedAt: timestamp({ withTimezone: true }),
  ...timestamps,
});

/** One approved photo's report state: a second run sends only what is not yet accepted. */
export const nationalPhotoReports = pgTable(
  'national_photo_reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderDetailId: integer().notNull(),
    photoId: integer().notNull(),
    /** The run that last took it up. */
    jobId: integer(),
    status: text({ enum: ['pending', 'accepted', 'rejected', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text(),
    /** Calls that failed as a whole for it in the current run. */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    reportedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('national_photo_report_uq').on(t.orderDetailId, t.photoId),
    index('national_photo_report_job_idx').on(t.jobId, t.status),
  ],
);

/** What the sandbox platform received (demo mode): never the clear ID number, only its blind index. */
export const nationalReportReceipts = pgTable(
  'national_report_receipts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    callId: text().notNull(),
    ref: text().notNull(),
    zjhmHash: text(),
    xh: text(),
    xm: text().notNull(),
    yxdm: text().notNull(),
    bytes: integer().notNull(),
    sha256: text().notNull(),
    accepted: boolean().notNull(),
    reason: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('national_receipt_call_idx').on(t.callId)],
);
