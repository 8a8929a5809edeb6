import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound, withCode } from '../../http/errors.ts';
import { photoCheckFailures, photos } from '../../db/schema/orders.ts';
import { normalise, type Flow } from './decode.ts';
import { checkPool } from './check-pool.ts';
import { failingItems, type PhotoCheck } from './check-result.ts';
import { photoCheckDuration, photoCheckFailures as failuresByItem } from '../../lib/metrics.ts';
import { isMessageKey, type MessageKey } from '@portal/contract/messages';

/** Face descriptors further apart than this are a clear mismatch (face-api's usual same-person bound is 0.6). */
export const FACE_MISMATCH_THRESHOLD = 0.6;

/** Euclidean distance of two 128-number face descriptors. */
export function faceDistance(a: number[], b: number[]): number {
  if (a.length !== b.length || a.length === 0) return Number.POSITIVE_INFINITY;
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(s);
}

const keys = new WeakMap<AppContext, Buffer>();
/** The photo URL signing key: PHOTO_URL_KEY, else derived from the data key (never the public response secret). */
function urlKey(ctx: AppContext): Buffer {
  let k = keys.get(ctx);
  if (!k) {
    k = createHash('sha256')
      .update(ctx.config.photos.urlKey ?? `photo-url:${ctx.pii.blindIndex('photo-url-signing-key-v1')}`)
      .digest();
    keys.set(ctx, k);
  }
  return k;
}

const sig = (ctx: AppContext, key: string, exp: number) =>
  createHmac('sha256', urlKey(ctx)).update(`${key}.${exp}`).digest('base64url').slice(0, 32);

/**
 * A capability URL for a photo (img tags send no headers): signed, expiring.
 * Issue it only in answers to the photo's owner or to staff.
 */
export function photoUrl(ctx: AppContext, photo: { storageKey: string }): string {
  const hour = 3600;
  // Rounded to the hour so the same photo keeps one URL for a while (browser cache).
  const exp = Math.ceil(Date.now() / 1000 / hour) * hour + Math.round(ctx.config.photos.urlHours * hour);
  return `/api/img/view/${photo.storageKey}?exp=${exp}&sig=${sig(ctx, photo.storageKey, exp)}`;
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
  const want = sig(ctx, m[1]!, exp);
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

/** Account deactivation: the member's photo bytes and rows go (orders keep only a dangling id). */
export async function deleteMemberPhotos(ctx: AppContext, memberId: number): Promise<void> {
  const rows = await ctx.db.select({ key: photos.storageKey }).from(photos).where(eq(photos.memberId, memberId));
  for (const r of rows) await ctx.storage.delete(r.key);
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

let warming: Promise<void> | null = null;
let warmed = false;
/**
 * Starts the check workers and loads their models (face nets and person mask) once per
 * process, so the first upload does not pay for it; readiness answers 503 until it is done.
 */
export function warmPhotoCheck(ctx: AppContext): Promise<void> {
  const b = ctx.config.photos.bounds;
  warming ??= checkPool(ctx.config.photos.workers)
    .warm({ rgb: new Uint8Array(b.width * b.height * 3).fill(255), width: b.width, height: b.height, bounds: b })
    .then(() => {
      warmed = true;
    });
  return warming;
}

/** False while the models are loading (after warmPhotoCheck started), true otherwise. */
export const photoCheckReady = () => warmed || !warming;

/**
 * The upload: validate and normalise, check in a worker, and only for a passing photo
 * store the bytes and the row (check result, descriptor, a mismatch flag against the
 * member's earlier photos). A rejected photo leaves nothing behind.
 */
export async function checkAndStore(ctx: AppContext, memberId: number, bytes: Buffer, flow: Flow): Promise<string> {
  const b = ctx.config.photos.bounds;
  const timer = photoCheckDuration.startTimer();
  const n = await normalise(bytes, flow, b);
  const r = await checkPool(ctx.config.photos.workers).check({
    rgb: n.rgb,
    width: n.width,
    height: n.height,
    bounds: b,
  });
  timer();
  if (!r.passed) {
    for (const item of failingItems(r.check)) failuresByItem.inc({ item });
    const check: PhotoCheck = { ...r.check, picPath: '' };
    // The check object alone (no bytes, no member) feeds the console's failing-items count.
    await ctx.db.insert(photoCheckFailures).values({ checkResult: check });
    // The message names the main problem and its fix; the data lists every item (and every problem).
    const main = check.problems?.[0];
    throw withCode(
      -1,
      main && isMessageKey(`photo.problem.${main}`) ? (`photo.problem.${main}` as MessageKey) : 'photo.rejected',
      check,
    );
  }
  const earlier = await ctx.db
    .select({ descriptor: photos.descriptor })
    .from(photos)
    .where(and(eq(photos.memberId, memberId), eq(photos.passed, true), eq(photos.source, 'upload')));
  const distances = earlier
    .filter((e) => e.descriptor?.length && r.descriptor)
    .map((e) => faceDistance(e.descriptor!, r.descriptor!));
  const faceMismatch = distances.some((d) => d > FACE_MISMATCH_THRESHOLD);
  const storageKey = newKey();
  await ctx.storage.put(storageKey, n.jpeg, 'image/jpeg');
  await ctx.db.insert(photos).values({
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
    source: 'upload',
  });
  return photoUrl(ctx, { storageKey });
}

/** The bytes behind a signed, unexpired photo URL (owner or staff got it from us). */
export async function viewPhoto(ctx: AppContext, key: string, exp: number, s: string): Promise<Buffer> {
  const storageKey = verifyPhotoUrl(ctx, `/api/img/view/${key}?exp=${exp}&sig=${encodeURIComponent(s)}`);
  if (!storageKey) throw forbidden();
  const bytes = await ctx.storage.get(storageKey);
  if (!bytes) throw notFound();
  return bytes;
}
