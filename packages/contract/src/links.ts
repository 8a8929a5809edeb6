import { z } from 'zod';

const HTTP_ADDRESS = /^https?:\/\/[^\s<>"]+$/i;

/**
 * A link a banner or a news item may open: an absolute http or https address with a host. Any
 * other scheme (javascript:, data:, vbscript:, file:, ...) would run or open something in the
 * reader's browser; the server refuses it on save and never hands a stored one out, and the web
 * renders none as a link.
 */
export function isSafeLink(v: string | null | undefined): v is string {
  if (typeof v !== 'string' || !HTTP_ADDRESS.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The link field of the console's banner and news forms: empty (no link) or a safe link, trimmed. */
export const linkField = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || isSafeLink(v), 'content.linkInvalid')
  .nullish();
