import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { nationalReportReceipts, nationalStudents } from '../db/schema.ts';
import { readSetting, writeSetting } from '../db/settings-store.ts';
import type { PiiCipher } from '../lib/pii.ts';
import {
  NationalCallError,
  REPORT_PHOTO_MAX_BYTES,
  REPORT_PHOTO_MIN_BYTES,
  type PhotoReportItem,
  type PhotoReportOutcome,
} from './national-report.ts';

/** The runtime setting that makes the sandbox fail whole calls: `{ failCalls: n }` fails the next n. */
export const SANDBOX_SETTING = 'nationalSandbox';

/** Why the sandbox turns an item down (codes the console translates). */
export type SandboxReason = 'ID_UNKNOWN' | 'PHOTO_SIZE' | 'PHOTO_FORMAT';

async function photoProblem(jpeg: Buffer): Promise<SandboxReason | null> {
  if (jpeg.length < REPORT_PHOTO_MIN_BYTES || jpeg.length > REPORT_PHOTO_MAX_BYTES) return 'PHOTO_SIZE';
  try {
    const m = await sharp(jpeg).metadata();
    return m.format === 'jpeg' && m.width === 480 && m.height === 640 ? null : 'PHOTO_FORMAT';
  } catch {
    return 'PHOTO_FORMAT';
  }
}

/**
 * The sandbox platform receiving a batch, as a remote party would: it records each item (the ID
 * number only as its blind index), accepts those it knows with a photo in range, marks the student
 * as having a photo, and answers per item. With the setting above it fails the whole call.
 */
export async function sandboxReportPhotos(
  ctx: { db: Db; pii: PiiCipher },
  batch: PhotoReportItem[],
): Promise<PhotoReportOutcome[]> {
  const fail = await readSetting<{ failCalls?: number }>(ctx, SANDBOX_SETTING, {});
  if ((fail.failCalls ?? 0) > 0) {
    await writeSetting(ctx, SANDBOX_SETTING, { ...fail, failCalls: fail.failCalls! - 1 });
    throw new NationalCallError('HTTP 503');
  }
  const callId = crypto.randomBytes(8).toString('hex');
  const out: PhotoReportOutcome[] = [];
  for (const item of batch) {
    const hash = item.idNumber ? ctx.pii.blindIndex(item.idNumber) : null;
    const where = hash
      ? eq(nationalStudents.zjhmHash, hash)
      : item.studentId
        ? and(eq(nationalStudents.yxdm, item.yxdm), eq(nationalStudents.xh, item.studentId))
        : sql`false`;
    const [student] = await ctx.db.select({ id: nationalStudents.id }).from(nationalStudents).where(where).limit(1);
    const reason: SandboxReason | null = !student ? 'ID_UNKNOWN' : await photoProblem(item.jpeg);
    if (student && !reason) {
      await ctx.db
        .update(nationalStudents)
        .set({ hasPhoto: true, photoCount: sql`${nationalStudents.photoCount} + 1` })
        .where(eq(nationalStudents.id, student.id));
    }
    await ctx.db.insert(nationalReportReceipts).values({
      callId,
      ref: item.ref,
      zjhmHash: hash,
      xh: item.studentId,
      xm: item.name,
      yxdm: item.yxdm,
      bytes: item.jpeg.length,
      sha256: crypto.createHash('sha256').update(item.jpeg).digest('hex'),
      accepted: !reason,
      reason,
    });
    out.push({ ref: item.ref, accepted: !reason, reason });
  }
  return out;
}
