import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound, withCode } from '../../http/errors.ts';
import { photoCandidates, photoCheckFailures, photos } from '../../db/schema/photos.ts';
import { normalise, type Flow, type NormalisedPhoto } from './decode.ts';
import { deleteMemberCandidates, offerCorrection, type CheckAnswer } from './correction-offer.ts';
import { failingItems, type PhotoCheck } from '@portal/photo-check/check-result';
import { photoCheckDuration, photoCheckFailures as failuresByItem } from '../../lib/metrics.ts';
import { isMessageKey, type MessageKey } from '@portal/contract/messages';
import { StorageUnavailable } from '../../providers/storage.ts';

/** Face descriptors further apart than this are a clear mismatch (face-api's usual same-person bound is 0.6). */
export const FACE_MISMATCH_THRESHOLD = 0.6;

/** Euclidean distance of two 128-number face descriptors. */
export function faceDistance(a: number[], b: number[]): number {
  if (a.length !== b.length || a.length === 0) return Number.POSITIVE_INFINITY;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}

/**
 * Who an address is for: a member's (the photo's owner) or the staff console's. Only a staff
 * address serves a photo on file (the national platform's); a member reaches one only through
 * their binding's address, which checks the binding at each fetch (reprint/binding-photo.ts).
 */
export type PhotoUrlScope = 'member' | 'staff';

const sig = (ctx: AppContext, key: string, exp: number, scope: PhotoUrlScope = 'member') =>
  createHmac('sha256', ctx.photos.urlKey)
    .update(scope === 'staff' ? `${key}.${exp}.staff` : `${key}.${exp}`)
    .digest('base64url')
    .slice(0, 32);

/**
 * The hour a photo link is signed in, counted from 1970: every link made within one hour is the
 * same, so the browser's cache keeps the picture (and a kept answer holding links is good for
 * that hour only, orders/list-cache.ts).
 */
export function photoLinkHour(now = Date.now()): number {
  return Math.ceil(now / 3_600_000);
}

/**
 * A capability URL for a photo (img tags send no headers): signed, expiring.
 * Issue it only in answers to the photo's owner or to staff.
 */
export function photoUrl(ctx: AppContext, photo: { storageKey: string }, scope: PhotoUrlScope = 'member'): string {
  const hour = 3600;
  const exp = photoLinkHour() * hour + Math.round(ctx.config.photos.urlHours * hour);
  const url = `/api/img/view/${photo.storageKey}?exp=${exp}&sig=${sig(ctx, photo.storageKey, exp, scope)}`;
  return scope === 'staff' ? `${url}&scope=staff` : url;
}

/** The storage key of a URL this server signed, or null; `ignoreExpiry` for attaching a photo the member owns. */
export function verifyPhotoUrl(ctx: AppContext, url: string, ignoreExpiry = false): string | null {
  let u: URL;
  try {
    u = new URL(url, 'http://local');
  } catch {
    return null;
  }
  const m = /^\/api\/img\/view\/([a-z0-9._-]+)$/.exec(u.pathname);
  const exp = Number(u.searchParams.get('exp'));
  const given = u.searchParams.get('sig') ?? '';
  if (!m || !Number.isInteger(exp)) return null;
  const want = sig(ctx, m[1]!, exp, u.searchParams.get('scope') === 'staff' ? 'staff' : 'member');
  if (given.length !== want.length || !timingSafeEqual(Buffer.from(given), Buffer.from(want))) return null;
  if (!ignoreExpiry && exp < Date.now() / 1000) return null;
  return m[1]!;
}

/** The id of the member's own passing photo behind a URL; else image.required, or forbidden when it is someone else's. */
export async function photoIdFromUrl(ctx: AppContext, memberId: number, url: string): Promise<number> {
  if (!url) throw badRequest('image.required');
  const key = verifyPhotoUrl(ctx, url, true);
  if (!key) throw badRequest('image.required');
  const [row] = await ctx.db
    .select({ id: photos.id, memberId: photos.memberId, passed: photos.passed })
    .from(photos)
    .where(eq(photos.storageKey, key));
  if (!row) throw badRequest('image.required');
  if (row.memberId !== memberId) throw forbidden();
  if (!row.passed) throw badRequest('image.required');
  return row.id;
}

/** The stored JPEG of a photo. */
export async function readPhotoBytes(ctx: AppContext, photoId: number): Promise<Buffer> {
  const [row] = await ctx.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.id, photoId));
  if (!row) throw notFound();
  const bytes = await ctx.storage.get(row.key);
  if (!bytes) throw notFound();
  return bytes;
}

/** The storage keys of a member's photos and of the originals kept beside corrected ones (deactivation deletes them). */
export async function memberPhotoKeys(ctx: AppContext, memberId: number): Promise<string[]> {
  const rows = await ctx.db
    .select({ key: photos.storageKey, original: photos.originalKey })
    .from(photos)
    .where(eq(photos.memberId, memberId));
  return rows.flatMap((r) => (r.original ? [r.key, r.original] : [r.key]));
}

/** Account deactivation: the member's photo bytes and rows go (orders keep only a dangling id). */
export async function deleteMemberPhotos(ctx: AppContext, memberId: number): Promise<void> {
  // Storage known to be down: refused before any object goes, so no row is left without its object.
  ctx.storage.assertAvailable();
  await deleteMemberCandidates(ctx, memberId);
  for (const key of await memberPhotoKeys(ctx, memberId)) await ctx.storage.delete(key);
  await ctx.db.delete(photos).where(eq(photos.memberId, memberId));
}

const newKey = () => `${randomBytes(20).toString('hex')}.jpg`;

/** Stores a JPEG as it is (national-platform photos on file, seeds); no check. */
export async function storePhotoBytes(
  ctx: AppContext,
  memberId: number | null,
  bytes: Buffer,
  source: 'national' | 'seed' | 'upload',
): Promise<{ id: number; storageKey: string }> {
  const meta = await sharp(bytes).metadata();
  const storageKey = newKey();
  await ctx.storage.put(storageKey, bytes, 'image/jpeg');
  const [row] = await ctx.db
    .insert(photos)
    .values({
      memberId,
      storageKey,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes: bytes.length,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      passed: true,
      checkResult: { source },
      source,
    })
    .returning({ id: photos.id });
  return { id: row!.id, storageKey };
}

/**
 * Starts the app's check workers and loads their models (face nets and person mask) once, so
 * the first upload does not pay for it; readiness answers 503 until it is done.
 */
export function warmPhotoCheck(ctx: AppContext): Promise<void> {
  const b = ctx.config.photos.bounds;
  const state = ctx.photos.warm;
  state.warming ??= ctx.photos.pool
    .warm({ rgb: new Uint8Array(b.width * b.height * 3).fill(255), width: b.width, height: b.height, bounds: b })
    .then(
      () => {
        state.warmed = true;
      },
      (err: unknown) => {
        // Workers that could not start: readiness follows the pool (not ready until one is up).
        state.warming = null;
        throw err;
      },
    );
  return state.warming;
}

/** False while the models are loading (after warmPhotoCheck started) or no check worker can start. */
export const photoCheckReady = (ctx: AppContext) =>
  (ctx.photos.warm.warmed || !ctx.photos.warm.warming) && ctx.photos.pool.available;

/** The check of a normalised frame, in a worker (the frame's pixels are handed over). */
function checkFrame(ctx: AppContext, n: NormalisedPhoto): Promise<CheckAnswer> {
  const b = ctx.config.photos.bounds;
  return ctx.photos.pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: b });
}

/** The refusal: code -1, the main problem in plain words, the check object (and what else `extra` adds). */
function refusal(check: PhotoCheck, extra: Record<string, unknown> = {}, key?: MessageKey) {
  const main = check.problems?.[0];
  const named = main && isMessageKey(`photo.problem.${main}`) ? (`photo.problem.${main}` as MessageKey) : null;
  return withCode(-1, key ?? named ?? 'photo.rejected', { ...check, ...extra });
}

/** The row of a passing photo: its check result, descriptor and a mismatch flag against the member's earlier photos. */
async function passedRow(ctx: AppContext, memberId: number, n: NormalisedPhoto, r: CheckAnswer, storageKey: string) {
  const earlier = await ctx.db
    .select({ descriptor: photos.descriptor })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.passed, true), eq(photos.source, 'upload')));
  const distances = earlier
    .filter((e) => e.descriptor?.length && r.descriptor)
    .map((e) => faceDistance(e.descriptor!, r.descriptor!));
  const faceMismatch = distances.some((d) => d > FACE_MISMATCH_THRESHOLD);
  return {
    memberId,
    storageKey,
    sha256: createHash('sha256').update(n.jpeg).digest('hex'),
    bytes: n.jpeg.length,
    width: n.width,
    height: n.height,
    passed: true,
    checkResult: {
      ...r.check,
      picPath: storageKey,
      faceMismatch,
      faceDistanceMax: distances.length ? Math.max(...distances) : null,
    },
    descriptor: r.descriptor,
    source: 'upload' as const,
  };
}

/**
 * The upload: validate and normalise, check in a worker, and only for a passing photo
 * store the bytes and the row (check result, descriptor, a mismatch flag against the
 * member's earlier photos). A refused photo leaves nothing behind, except when the machine
 * can fix it: then the refusal carries a corrected candidate, kept for a while for this member.
 */
export async function checkAndStore(ctx: AppContext, memberId: number, bytes: Buffer, flow: Flow): Promise<string> {
  // Storage known to be down: 503 at once, before the check is spent on a photo that cannot be kept.
  ctx.storage.assertAvailable();
  const timer = photoCheckDuration.startTimer();
  const n = await normalise(bytes, flow, ctx.config.photos.bounds);
  const r = await checkFrame(ctx, n);
  timer();
  if (!r.passed) {
    for (const item of failingItems(r.check)) failuresByItem.inc({ item });
    const check: PhotoCheck = { ...r.check, picPath: '' };
    // The check object alone (no bytes, no member) feeds the console's failing-items count.
    await ctx.db.insert(photoCheckFailures).values({ checkResult: check });
    // Storage down while offering a correction: the refusal still answers, without a candidate.
    const corrected = await offerCorrection(ctx, memberId, { bytes, jpeg: n.jpeg }, r).catch((e: unknown) => {
      if (e instanceof StorageUnavailable) return null;
      throw e;
    });
    // The message names the main problem and its fix; the data lists every item (and every problem).
    throw refusal(check, corrected ? { corrected } : {});
  }
  const storageKey = newKey();
  const row = await passedRow(ctx, memberId, n, r, storageKey);
  // The object first, then its row; a row that cannot be written takes its object with it.
  await ctx.storage.put(storageKey, n.jpeg, 'image/jpeg');
  await insertOrUnput(ctx, storageKey, () => ctx.db.insert(photos).values(row));
  return photoUrl(ctx, { storageKey });
}

/** Writes the row of an object just stored; when that fails the object is deleted (best effort) and the failure answers. */
async function insertOrUnput(ctx: AppContext, storageKey: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (e) {
    await ctx.storage.delete(storageKey).catch(() => {});
    throw e;
  }
}

/**
 * The member chooses the corrected candidate: it goes through the same check again and only
 * then becomes a photo as an accepted upload would (its URL is returned), with the original kept.
 * Another member's or an unknown id: 404; expired: photo.candidate.expired; used: photo.candidate.used.
 */
export async function acceptCorrected(ctx: AppContext, memberId: number, id: string): Promise<string> {
  const [c] = await ctx.db.select().from(photoCandidates).where(eq(photoCandidates.id, id)).limit(1);
  if (!c || c.memberId !== memberId) throw notFound();
  if (c.acceptedPhotoId !== null) throw conflict('photo.candidate.used');
  if (c.expiresAt.getTime() < Date.now()) throw badRequest('photo.candidate.expired');
  ctx.storage.assertAvailable();
  const bytes = await ctx.storage.get(c.correctedKey);
  if (!bytes) throw badRequest('photo.candidate.expired');
  // The same decoding and check as an upload ('task': the 30 KB floor is for what a student sends,
  // not for the server's own 480 x 640 JPEG).
  const n = await normalise(bytes, 'task', ctx.config.photos.bounds);
  const r = await checkFrame(ctx, n);
  if (!r.passed) throw refusal({ ...r.check, picPath: '' }, {}, 'photo.candidate.refused');
  const storageKey = newKey();
  await ctx.storage.put(storageKey, n.jpeg, 'image/jpeg');
  const row = {
    ...(await passedRow(ctx, memberId, n, r, storageKey)),
    originalKey: c.originalKey,
    autoCorrected: true,
  };
  await insertOrUnput(ctx, storageKey, () =>
    withTx(ctx, async ({ db: tx }) => {
      const [p] = await tx.insert(photos).values(row).returning({ id: photos.id });
      const claimed = await tx
        .update(photoCandidates)
        .set({ acceptedPhotoId: p!.id })
        .where(and(eq(photoCandidates.id, id), isNull(photoCandidates.acceptedPhotoId)))
        .returning({ id: photoCandidates.id });
      // Accepted meanwhile (a second click): nothing is written twice.
      if (!claimed.length) throw conflict('photo.candidate.used');
    }),
  );
  // The photo is kept; the candidate's corrected copy goes (left behind if storage fails right now).
  await ctx.storage.delete(c.correctedKey).catch(() => {});
  return photoUrl(ctx, { storageKey });
}

/** The original upload of an automatically corrected photo, or null when the photo is as uploaded. */
export async function readOriginalBytes(ctx: AppContext, photoId: number): Promise<Buffer | null> {
  const [row] = await ctx.db.select({ key: photos.originalKey }).from(photos).where(eq(photos.id, photoId));
  if (!row) throw notFound();
  if (!row.key) return null;
  return ctx.storage.get(row.key);
}

/**
 * The bytes behind a signed, unexpired photo URL (owner or staff got it from us). A photo on file
 * is served to a staff address only: a member's address to one (handed out before, or guessed
 * from another's) is refused, so a binding that was suspended or lost cannot keep reading it.
 */
export async function viewPhoto(
  ctx: AppContext,
  key: string,
  exp: number,
  s: string,
  scope: PhotoUrlScope = 'member',
): Promise<Buffer> {
  const scoped = scope === 'staff' ? '&scope=staff' : '';
  const storageKey = verifyPhotoUrl(ctx, `/api/img/view/${key}?exp=${exp}&sig=${encodeURIComponent(s)}${scoped}`);
  if (!storageKey) throw forbidden();
  if (scope !== 'staff') {
    const [p] = await ctx.db
      .select({ source: photos.source })
      .from(photos)
      .where(eq(photos.storageKey, storageKey))
      .limit(1);
    if (p?.source === 'national') throw forbidden();
  }
  const bytes = await ctx.storage.get(storageKey);
  if (!bytes) throw notFound();
  return bytes;
}
