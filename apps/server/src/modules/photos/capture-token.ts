import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../http/errors.ts';
import { tasks } from '../../db/schema/catalog.ts';

/**
 * Capture tokens: the camera capture asks for one before it opens the camera and sends it with
 * the photo it took. A task that requires live capture (tasks.capture_only) refuses an upload
 * without a valid one. Signed with the photo URL key, bound to the member, valid for 15 minutes
 * (time to stand right and shoot, not to keep one for later uploads from the album).
 */
export const CAPTURE_TOKEN_SECONDS = 15 * 60;

const mac = (ctx: AppContext, memberId: number, exp: number) =>
  createHmac('sha256', ctx.photos.urlKey).update(`capture.${memberId}.${exp}`).digest('base64url').slice(0, 32);

export function issueCaptureToken(ctx: AppContext, memberId: number, now = Date.now()) {
  const exp = Math.floor(now / 1000) + CAPTURE_TOKEN_SECONDS;
  return { token: `${exp}.${mac(ctx, memberId, exp)}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export function captureTokenValid(ctx: AppContext, memberId: number, token: string | undefined, now = Date.now()) {
  const m = /^(\d{10})\.([\w-]{32})$/.exec(token ?? '');
  if (!m) return false;
  const exp = Number(m[1]);
  if (exp < now / 1000) return false;
  const want = Buffer.from(mac(ctx, memberId, exp));
  return timingSafeEqual(want, Buffer.from(m[2]!));
}

/** Whether a task takes only photos taken live (false for no task or an unknown one). */
export async function taskIsCaptureOnly(ctx: AppContext, taskId: number): Promise<boolean> {
  const [row] = await ctx.db.select({ captureOnly: tasks.captureOnly }).from(tasks).where(eq(tasks.id, taskId));
  return row?.captureOnly ?? false;
}

/** An upload for a capture-only task must carry a valid capture token of its member. */
export async function assertCaptureAllowed(
  ctx: AppContext,
  memberId: number,
  taskId: number | undefined,
  token: string | undefined,
): Promise<void> {
  if (taskId === undefined || !(await taskIsCaptureOnly(ctx, taskId))) return;
  if (!captureTokenValid(ctx, memberId, token)) throw badRequest('photo.captureOnly');
}
