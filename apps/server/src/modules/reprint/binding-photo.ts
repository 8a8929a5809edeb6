import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { BIND_STATUS } from '@portal/contract/enums';
import { forbidden, notFound } from '../../http/errors.ts';
import { readPhotoBytes } from '../photos/public.ts';
import { bindingById } from './binding-repo.ts';

/**
 * Photos on file reach a member only through their binding: the address names the binding
 * and the photo, is signed and expires, and each fetch checks the binding again, so a
 * binding suspended by a dispute (or taken away by staff) stops showing the photo at once,
 * even through an address handed out before. The signature is an HMAC under the data key
 * (the blind-index key), which the public never sees.
 */
const path = (bindingId: number, photoId: number) => `/api/binding/photo/${bindingId}/${photoId}`;
const sig = (ctx: AppContext, bindingId: number, photoId: number, exp: number) =>
  ctx.pii.blindIndex(`reprint-photo:${bindingId}:${photoId}:${exp}`).slice(0, 32);

/** The signed address of a record's photo for one binding, or null when there is no photo. */
export function bindingPhotoUrl(ctx: AppContext, bindingId: number, photoId: number | null): string | null {
  if (!photoId) return null;
  const hour = 3600;
  // Rounded to the hour so the same photo keeps one address for a while (browser cache).
  const exp = Math.ceil(Date.now() / 1000 / hour) * hour + Math.round(ctx.config.photos.urlHours * hour);
  return `${path(bindingId, photoId)}?exp=${exp}&sig=${sig(ctx, bindingId, photoId, exp)}`;
}

/** Whether a binding may still see its record's photos: not suspended; bound, unbind pending, or unbound by the member. */
export function bindingSeesPhotos(b: { state: number; suspendedAt: Date | null }): boolean {
  return (
    !b.suspendedAt &&
    (b.state === BIND_STATUS.BOUND || b.state === BIND_STATUS.UNBIND_PENDING || b.state === BIND_STATUS.UNBOUND)
  );
}

/** The bytes behind a signed, unexpired address whose binding may still see them; else 403. */
export async function bindingPhotoBytes(
  ctx: AppContext,
  bindingId: number,
  photoId: number,
  exp: number,
  given: string,
): Promise<Buffer> {
  const want = sig(ctx, bindingId, photoId, exp);
  if (given.length !== want.length || !timingSafeEqual(Buffer.from(given), Buffer.from(want))) throw forbidden();
  if (exp < Date.now() / 1000) throw forbidden();
  const b = await bindingById(ctx.db, bindingId);
  if (!b) throw notFound();
  if (!bindingSeesPhotos(b)) throw forbidden();
  return readPhotoBytes(ctx, photoId);
}
