import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { photos } from '../../db/schema.ts';
import { photoIdFromUrl, photoLinkHour, photoUrl, readPhotoBytes } from '../photos/public.ts';

export { photoLinkHour };

/**
 * Photos of order lines, through the photos module: from the upload call's URL to the
 * member's own passed photo (400 image.required or 403 otherwise), and back to a URL.
 */
export function linePhotoId(ctx: AppContext, memberId: number, url: string): Promise<number> {
  return photoIdFromUrl(ctx, memberId, url);
}

/** Signed URLs of photos by id, for the lines' picUrl (answers to the owner only). */
export async function linePhotoUrls(ctx: AppContext, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const rows = await ctx.db
    .select({ id: photos.id, storageKey: photos.storageKey })
    .from(photos)
    .where(inArray(photos.id, [...new Set(ids)]));
  for (const r of rows) out.set(r.id, photoUrl(ctx, r));
  return out;
}

/** The signed URL of a photo whose storage key a read already fetched. */
export function linePhotoUrl(ctx: AppContext, storageKey: string): string {
  return photoUrl(ctx, { storageKey });
}

/** The console's signed URL of a photo: the only kind that also serves a photo on file. */
export function staffLinePhotoUrl(ctx: AppContext, storageKey: string): string {
  return photoUrl(ctx, { storageKey }, 'staff');
}

export function photoBytes(ctx: AppContext, id: number): Promise<Buffer> {
  return readPhotoBytes(ctx, id);
}
