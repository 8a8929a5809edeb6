import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { photoCandidates } from '../../db/schema/photos.ts';
import { notFound } from '../../http/errors.ts';
import type { CorrectionBackground, PhotoCandidate } from '@portal/contract/photos';
import type { CheckPool } from './check-pool.ts';
import { correctIfFixable } from './correction.ts';

/** A candidate is offered this long; the member accepts it or uploads again. */
export const CANDIDATE_MINUTES = 30;
/** Expired, unaccepted candidates keep their row (so an accept says "expired", not "not found") this long, then go with their bytes. */
const SWEEP_AFTER_MS = 60 * 60 * 1000;

export type CheckAnswer = Awaited<ReturnType<CheckPool['check']>>;

const newId = () => randomBytes(16).toString('hex');
const newKey = () => `${randomBytes(20).toString('hex')}.jpg`;

/**
 * The background a correction paints. A school may ask for white or light grey; the portal keeps
 * no such requirement per school yet (schools carry none), so every order gets the standard blue.
 */
export function correctionBackground(): CorrectionBackground {
  return 'blue';
}

/** The member-only address of a candidate's corrected bytes (the page fetches it with the session headers). */
export const candidateUrl = (id: string) => `/api/img/candidate/${id}`;

/**
 * For a refused photo: asks the correction engine (in the check workers) for a corrected version
 * that passes the check; when there is one, keeps the corrected and the original bytes under a
 * short-lived id bound to the member and describes it for the refusal's answer. Null when the
 * photo has a defect no machine may fix, or nothing to fix.
 */
export async function offerCorrection(
  ctx: AppContext,
  memberId: number,
  upload: { bytes: Buffer; jpeg: Buffer },
  result: CheckAnswer,
): Promise<PhotoCandidate | null> {
  await sweepExpired(ctx);
  const background = correctionBackground();
  // The engine works from the upload as sent (more pixels to re-frame from); the original kept is
  // the upright, metadata-free frame the check saw.
  const fixed = await correctIfFixable(ctx, upload.bytes, result, { background, pool: ctx.photos.pool });
  if (!fixed) return null;
  const id = newId();
  const correctedKey = newKey();
  const originalKey = newKey();
  const expiresAt = new Date(Date.now() + CANDIDATE_MINUTES * 60_000);
  // Both objects, then their row; any failure takes what was stored with it (best effort).
  try {
    await ctx.storage.put(correctedKey, fixed.bytes, 'image/jpeg');
    await ctx.storage.put(originalKey, upload.jpeg, 'image/jpeg');
    await ctx.db
      .insert(photoCandidates)
      .values({ id, memberId, correctedKey, originalKey, steps: fixed.steps, background, expiresAt });
  } catch (e) {
    for (const key of [correctedKey, originalKey]) await ctx.storage.delete(key).catch(() => {});
    throw e;
  }
  return {
    id,
    url: candidateUrl(id),
    steps: fixed.steps,
    background,
    check: { ...fixed.result.check, picPath: '' },
    expiresAt: expiresAt.toISOString(),
  };
}

/** The corrected bytes of the member's own, unexpired candidate; 404 for anyone else's or an unknown id. */
export async function candidateBytes(ctx: AppContext, memberId: number, id: string): Promise<Buffer> {
  const [c] = await ctx.db.select().from(photoCandidates).where(eq(photoCandidates.id, id)).limit(1);
  if (!c || c.memberId !== memberId || c.expiresAt.getTime() < Date.now()) throw notFound();
  const bytes = await ctx.storage.get(c.correctedKey);
  if (!bytes) throw notFound();
  return bytes;
}

/** Expired candidates nobody accepted: their bytes and rows go (a few at a time, on each new offer). */
export async function sweepExpired(ctx: AppContext): Promise<void> {
  const old = await ctx.db
    .select({ id: photoCandidates.id, a: photoCandidates.correctedKey, b: photoCandidates.originalKey })
    .from(photoCandidates)
    .where(
      and(
        isNull(photoCandidates.acceptedPhotoId),
        lt(photoCandidates.expiresAt, new Date(Date.now() - SWEEP_AFTER_MS)),
      ),
    )
    .limit(20);
  if (!old.length) return;
  for (const c of old) {
    await ctx.storage.delete(c.a);
    await ctx.storage.delete(c.b);
  }
  await ctx.db.delete(photoCandidates).where(
    inArray(
      photoCandidates.id,
      old.map((c) => c.id),
    ),
  );
}

/** Account deactivation: the member's pending candidates (bytes and rows). */
export async function deleteMemberCandidates(ctx: AppContext, memberId: number): Promise<void> {
  const rows = await ctx.db
    .select({ a: photoCandidates.correctedKey, b: photoCandidates.originalKey, used: photoCandidates.acceptedPhotoId })
    .from(photoCandidates)
    .where(eq(photoCandidates.memberId, memberId));
  for (const r of rows) {
    // An accepted candidate's original now belongs to its photo (deleted with the photo).
    if (r.used) continue;
    await ctx.storage.delete(r.a);
    await ctx.storage.delete(r.b);
  }
  await ctx.db.delete(photoCandidates).where(eq(photoCandidates.memberId, memberId));
}
