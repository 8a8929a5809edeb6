import type { FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { orderDetails, orders, photos } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from '../staff/public.ts';
import { branchScope } from './staff-repo.ts';
import { readOriginalBytes, readPhotoBytes } from '../photos/public.ts';
import { lineToOrder } from './conditions.ts';

/**
 * A photo's bytes for staff (the console fetches it with the staff token); each view is audited.
 * `original`: the upload as it came, of a photo the machine corrected (404 for any other photo).
 */
export async function sendStaffPhoto(
  ctx: AppContext,
  staff: StaffContext,
  photoId: number,
  reply: FastifyReply,
  original = false,
) {
  const [p] = await ctx.db.select({ id: photos.id }).from(photos).where(eq(photos.id, photoId)).limit(1);
  if (!p) throw notFound();
  // A branch account sees only photos on its own branch's orders.
  const scope = branchScope(staff);
  if (scope) {
    const [mine] = await ctx.db
      .select({ id: orderDetails.id })
      .from(orderDetails)
      .innerJoin(orders, lineToOrder)
      .where(and(eq(orderDetails.photoId, photoId), scope))
      .limit(1);
    if (!mine) throw notFound();
  }
  const bytes = original ? await readOriginalBytes(ctx, photoId) : await readPhotoBytes(ctx, photoId);
  if (!bytes) throw notFound();
  await writeAudit(ctx.db, staff, {
    action: original ? 'photo.viewOriginal' : 'photo.view',
    targetKind: 'photo',
    targetId: photoId,
  });
  return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=300').send(bytes);
}
