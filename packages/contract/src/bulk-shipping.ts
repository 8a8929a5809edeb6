import { z } from 'zod';

/** Rows one carrier file may hold. */
export const BULK_SHIP_MAX_ROWS = 5000;
/** The waybill number's form, as the ship dialog asks it. */
export const WAYBILL_PATTERN = /^[A-Za-z0-9-]{4,40}$/;

/**
 * POST /api/console/shipping/bulk: the carrier's CSV or Excel (.xlsx) file of order numbers and
 * waybill numbers, base64; `apply: false` is the dry run (nothing changes), `apply: true` ships.
 */
export const bulkShipBody = z.object({
  fileName: z.string().trim().min(1, 'logistics.bulk.fileType').max(200),
  content: z.string().min(1, 'logistics.bulk.empty').max(4_000_000, 'logistics.bulk.tooLarge'),
  /** The carrier of rows whose file gives none (else the order's own). */
  carrier: z.string().trim().max(40).optional(),
  apply: z.boolean(),
});
export type BulkShipBody = z.infer<typeof bulkShipBody>;

export const BULK_SHIP_REFUSALS = [
  'logistics.bulk.orderNoMissing',
  'logistics.bulk.waybillInvalid',
  'logistics.bulk.waybillFormat',
  'logistics.bulk.duplicateOrder',
  'logistics.bulk.unknownOrder',
  'logistics.bulk.wrongState',
  'logistics.bulk.refundPending',
] as const;

/** One row of the file and what shipping does (or would do) with it. */
export const bulkShipRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  row: z.number(),
  orderNo: z.string(),
  waybillNo: z.string(),
  carrier: z.string().nullable(),
  /** The order's state when found. */
  state: z.number().nullable(),
  ok: z.boolean(),
  reason: z.enum(BULK_SHIP_REFUSALS).nullable(),
});
export type BulkShipRow = z.infer<typeof bulkShipRowSchema>;

export const bulkShipResultSchema = z.object({
  applied: z.boolean(),
  /** Orders shipped (apply) or that would be (dry run); rows refused. */
  shipped: z.number(),
  refused: z.number(),
  rows: z.array(bulkShipRowSchema),
});
export type BulkShipResult = z.infer<typeof bulkShipResultSchema>;
