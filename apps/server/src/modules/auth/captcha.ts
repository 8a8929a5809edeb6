import svgCaptcha from 'svg-captcha';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captchas } from '../../db/schema.ts';
import { randomToken } from '../../lib/crypto.ts';
import { badRequest } from '../../http/errors.ts';

/** A captcha lives 5 minutes and serves one login (document 1, section 9; issue rules). */
export const CAPTCHA_TTL_SECONDS = 300;
/** Letters and digits without the look-alikes (0/O, 1/l/I). */
const CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/**
 * Draws a 4-character captcha as SVG paths (no text node to read), with noise
 * lines and per-character colours and rotation, so plain OCR struggles.
 */
export async function createCaptcha(db: Db): Promise<{ imageCodeToken: string; imageCode: string }> {
  const c = svgCaptcha.create({ size: 4, charPreset: CHARS, noise: 4, color: true, width: 120, height: 40, fontSize: 46 });
  const token = randomToken(16);
  await db.insert(captchas).values({ token, answer: c.text, expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000) });
  return { imageCodeToken: token, imageCode: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
}

/**
 * Checks a captcha answer (case-insensitive) for a mobile. A wrong answer kills it
 * (the page shows a new one). `consume` ends it (login, mobile change); otherwise it
 * is bound to the mobile so only that number may use it again.
 */
export async function checkCaptcha(db: Db, token: string, answer: string, target: string, consume: boolean): Promise<void> {
  const [c] = await db.select().from(captchas).where(eq(captchas.token, token)).limit(1);
  if (!c || c.usedAt || c.expiresAt.getTime() < Date.now()) throw badRequest('captcha.expired');
  if (c.boundTarget && c.boundTarget !== target) throw badRequest('captcha.expired');
  if (c.answer.toLowerCase() !== answer.trim().toLowerCase()) {
    await db.update(captchas).set({ usedAt: sql`now()` }).where(eq(captchas.token, token));
    throw badRequest('captcha.wrong');
  }
  const done = await db
    .update(captchas)
    .set(consume ? { usedAt: sql`now()`, boundTarget: target } : { boundTarget: target })
    .where(and(eq(captchas.token, token), isNull(captchas.usedAt)))
    .returning({ token: captchas.token });
  if (!done.length) throw badRequest('captcha.expired');
}
