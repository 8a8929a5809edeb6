import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { photos } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * Photos of task orders: the URL the upload answered <-> the photo row.
 * Placeholder until the photos module's photo-service lands; then these delegate to
 * its photoIdFromUrl / photoUrl.
 */
export async function taskPhotoId(ctx: AppContext, memberId: number, url: string): Promise<number> {
  const m = /\/api\/img\/file\/([^/?#]+)/.exec(url);
  const key = m ? decodeURIComponent(m[1]) : null;
  if (!key) throw badRequest('image.required');
  const [p] = await ctx.db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.storageKey, key), eq(photos.memberId, memberId), eq(photos.passed, true)))
    .limit(1);
  if (!p) throw badRequest('image.required');
  return p.id;
}

export function taskPhotoUrl(_ctx: AppContext, photo: { storageKey: string }): string {
  return `/api/img/file/${encodeURIComponent(photo.storageKey)}`;
}
