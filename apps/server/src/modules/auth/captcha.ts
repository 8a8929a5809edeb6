import { randomInt } from 'node:crypto';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../context.ts';
import { captchas } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest } from '../../http/errors.ts';
import { drawCaptcha } from './captcha-image.ts';

/** A captcha lives 5 minutes and serves one login (document 1, section 9; issue rules). */
export const CAPTCHA_TTL_SECONDS = 300;
/** Letters and digits without the look-alikes (0/O, 1/l/I); answers ignore case. */
export const CAPTCHA_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
/** The answer's length (document 1, section 9: captcha 4 characters). */
export const CAPTCHA_LENGTH = 4;

/** A random answer: CAPTCHA_LENGTH characters of CAPTCHA_CHARS from the system's secure generator. */
export function captchaText(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)]).join('');
}

/**
 * A new captcha: its answer is stored and its picture answered as a JPEG data URL, a raster image
 * of distorted, overlapping characters from several fonts under noise (captcha-image.ts).
 */
export async function createCaptcha(db: Db): Promise<{ imageCodeToken: string; imageCode: string }> {
  const text = captchaText();
  const jpeg = await drawCaptcha(text);
  const token = randomToken(16);
  await db
    .insert(captchas)
    .values({ token, answer: text, expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) });
  return { imageCodeToken: token, imageCode: `data:image/jpeg;base64,${jpeg.toString('base64')}` };
}

/**
 * What a captcha answer is spent on. `send`: one code (it is then bound to that target, and no
 * other code may be sent with it); `probe`: the "already registered" question of the binding
 * step 1, which binds it but leaves the one code; `consume`: the login or mobile change it ends.
 */
export type CaptchaUse = 'send' | 'probe' | 'consume';

/**
 * Checks a captcha answer (case-insensitive) for a mobile or e-mail. A wrong answer kills it
 * (the page shows a new one). The target is kept only as a blind index.
 */
export async function checkCaptcha(
  ctx: Pick<AppContext, 'db' | 'pii'>,
  c: { token: string; answer: string },
  target: string,
  use: CaptchaUse,
): Promise<void> {
  const { db } = ctx;
  const bound = ctx.pii.blindIndex(`captcha:${target}`);
  const [row] = await db.select().from(captchas).where(eq(captchas.token, c.token)).limit(1);
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw badRequest('captcha.expired');
  if (row.boundTarget && row.boundTarget !== bound) throw badRequest('captcha.expired');
  if (use !== 'consume' && row.sentAt) throw badRequest('captcha.expired');
  if (row.answer.toLowerCase() !== c.answer.trim().toLowerCase()) {
    await db
      .update(captchas)
      .set({ usedAt: sql`now()` })
      .where(eq(captchas.token, c.token));
    throw badRequest('captcha.wrong');
  }
  const set =
    use === 'consume'
      ? { usedAt: sql`now()`, boundTarget: bound }
      : use === 'send'
        ? { sentAt: sql`now()`, boundTarget: bound }
        : { boundTarget: bound };
  // The guard repeats the checks in the update, so two simultaneous requests cannot both spend it.
  const done = await db
    .update(captchas)
    .set(set)
    .where(
      and(
        eq(captchas.token, c.token),
        isNull(captchas.usedAt),
        or(isNull(captchas.boundTarget), eq(captchas.boundTarget, bound)),
        use === 'consume' ? undefined : isNull(captchas.sentAt),
      ),
    )
    .returning({ token: captchas.token });
  if (!done.length) throw badRequest('captcha.expired');
}
