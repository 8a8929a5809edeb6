import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../http/errors.ts';

const TYPES = { jpeg: 'image/jpeg', png: 'image/png' } as const;
const KEY = /^content-[0-9a-f]{32}\.(jpeg|png)$/;

/**
 * An image for a notice or news body: checked by its content (JPEG or PNG only, whatever its
 * name says), stored through the storage provider under an unguessable key; answers its public path.
 */
export async function storeContentImage(ctx: AppContext, bytes: Buffer): Promise<string> {
  const format = await sharp(bytes)
    .metadata()
    .then((m) => m.format)
    .catch(() => undefined);
  if (format !== 'jpeg' && format !== 'png') throw badRequest('http.badRequest', { field: 'file', rule: 'JPEG/PNG' });
  // Re-encoded upright and without metadata: a phone picture's EXIF carries where and when it
  // was taken, which a public notice must not publish.
  const image = sharp(bytes).rotate();
  const clean = await (format === 'jpeg' ? image.jpeg({ quality: 90 }) : image.png()).toBuffer();
  const key = `content-${randomBytes(16).toString('hex')}.${format}`;
  await ctx.storage.put(key, clean, TYPES[format]);
  return `/api/baseinfo/content_image/${key}`;
}

/** A stored content image and its type (public: notices and news are). */
export async function readContentImage(ctx: AppContext, key: string): Promise<{ bytes: Buffer; type: string }> {
  const m = KEY.exec(key);
  if (!m) throw notFound();
  const bytes = await ctx.storage.get(key);
  if (!bytes) throw notFound();
  return { bytes, type: TYPES[m[1] as keyof typeof TYPES] };
}
