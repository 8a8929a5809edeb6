import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The national student-information platform's records (the sandbox's data in demo mode). */
export const nationalStudents = pgTable(
  'national_students',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    xh: text().notNull(),
    xm: text().notNull(),
    zjhmEnc: text(),
    zjhmHash: text(),
    yxdm: text().notNull(),
    schoolName: text().notNull(),
    xllb: integer().notNull().default(1),
    education: integer().notNull().default(2),
    major: text(),
    sex: integer(),
    /** Collection code (cjm) and serial (bh) as printed on the app's code. */
    cjm: text(),
    bh: text(),
    hasPhoto: boolean().notNull().default(false),
    photoId: integer(),
    photoCount: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('national_student_uq').on(t.yxdm, t.xh), index('national_cjm_idx').on(t.cjm)],
);

/** A QR session of the national app (getQrCode / getQrCodeInfo): one person, three minutes. */
export const nationalQrSessions = pgTable('national_qr_sessions', {
  remarks: text().primaryKey(),
  memberId: integer(),
  nationalStudentId: integer(),
  bizSerialNum: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
