import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { photos } from '../../db/schema.ts';

/**
 * Photos of order lines: from the upload call's URL to the photo id, and back.
 * Placeholder until the photos module's photo-service lands; then this file delegates to
 * photoIdFromUrl(ctx, memberId, url) and photoUrl().
 */
export async function linePhotoId(ctx: AppContext, memberId: number, url: string): Promise<number | null> {
  const key = decodeURIComponent(url.split('?')[0].split('/').pop() ?? '').replace(/\.jpg$/, '');
  if (!key) return null;
  const [p] = await ctx.db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.storageKey, key), eq(photos.memberId, memberId), eq(photos.passed, true)))
    .limit(1);
  return p?.id ?? null;
}

/** The URL of a photo by id, for the lines' picUrl. */
export async function linePhotoUrls(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const id of new Set(ids)) {
    const [p] = await db.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.id, id)).limit(1);
    if (p) out.set(id, `/api/img/file/${encodeURIComponent(p.storageKey)}`);
  }
  return out;
}

/** The stored bytes' key of a photo (for the download call). */
export async function photoKey(db: DbOrTx, id: number): Promise<string | null> {
  const [p] = await db.select({ storageKey: photos.storageKey }).from(photos).where(eq(photos.id, id)).limit(1);
  return p?.storageKey ?? null;
}

/** The bytes of a photo (placeholder: the disk store under DATA_DIR/uploads until the storage interface lands). */
export async function photoBytes(ctx: AppContext, id: number): Promise<Buffer | null> {
  const key = await photoKey(ctx.db, id);
  if (!key) return null;
  const { readFile } = await import('node:fs/promises');
  const path = await import('node:path');
  try {
    return await readFile(path.join(ctx.config.dataDir, 'uploads', path.basename(key)));
  } catch {
    return null;
  }
}
