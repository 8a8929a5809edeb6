import { z } from 'zod';

/** POST /api/console/national-export: a school or a date range (nothing: everything the staff may see). */
export const nationalExportBody = z.object({
  yxdm: z
    .string()
    .regex(/^\d{5}$/, 'console.yxdmInvalid')
    .optional(),
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type NationalExportBody = z.infer<typeof nationalExportBody>;

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const EXPORT_LEFT_OUT_REASONS = ['photoMissing', 'photoUnreadable', 'noIdNumber', 'duplicateId'] as const;

/** A national photo export job, as the console's export page shows it (polled while running). */
export const nationalExportJobSchema = z.object({
  id: z.number(),
  state: z.enum(EXPORT_STATES),
  scope: nationalExportBody,
  /** Persons in scope when it started; rows done (in the ZIP or left out); left out; photos in the ZIP. */
  total: z.number(),
  done: z.number(),
  leftOut: z.number(),
  photoCount: z.number(),
  /** ZIP bytes written so far. */
  bytes: z.number(),
  staffName: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type NationalExportJob = z.infer<typeof nationalExportJobSchema>;

/** A row an export left out, and why (GET /api/console/national-export/:id/left-out). */
export const exportLeftOutRowSchema = z.object({
  yxdm: z.string(),
  name: z.string(),
  studentId: z.string().nullable(),
  orderNo: z.string(),
  reason: z.enum(EXPORT_LEFT_OUT_REASONS),
});
export type ExportLeftOutRow = z.infer<typeof exportLeftOutRowSchema>;

/** A signed, expiring download link of a finished export's ZIP. */
export const exportLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
