import { z } from 'zod';
import type { MessageKey } from './messages.ts';

/**
 * The validation rules of both documents (section 5), each stated once.
 * A zod error message is a message key (see messages.ts): the server translates
 * it for the caller, the web passes the same key to i18next.
 */
export { PATTERNS } from './patterns.ts';
import { PATTERNS } from './patterns.ts';

/** GB 11643 check digit: the 18th character of a mainland ID number. */
export function idCardChecksumOk(id: string): boolean {
  if (!PATTERNS.idCard.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const checks = '10X98765432';
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * weights[i];
  return checks[sum % 11] === id[17].toUpperCase();
}

export function isValidIdCard(id: string): boolean {
  return idCardChecksumOk(id);
}

/** Masked ID number for lists: 110***********1234 (see ARCHITECTURE.md, "Data"). */
export function maskIdNumber(id: string | null | undefined): string {
  if (!id) return '';
  if (id.length <= 7) return `${id.slice(0, 1)}${'*'.repeat(Math.max(id.length - 1, 0))}`;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

export function maskMobile(m: string | null | undefined): string {
  if (!m) return '';
  return m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m;
}

const msg = (key: MessageKey) => ({ error: key });

/** A required string, trimmed, with the required and pattern messages of one rule. */
export function ruleString(required: MessageKey, pattern: RegExp, invalid: MessageKey) {
  return z.string(msg(required)).trim().min(1, msg(required)).max(200, msg(invalid)).regex(pattern, msg(invalid));
}

export const mobileField = ruleString('mobile.required', PATTERNS.mobile, 'mobile.invalid');
export const smsCodeField = ruleString('smsCode.required', PATTERNS.smsCode, 'smsCode.invalid');
export const imageCodeField = ruleString('imageCode.required', PATTERNS.imageCode, 'imageCode.invalid');
export const nameField = ruleString('name.required', PATTERNS.name, 'name.invalid');
export const mailField = ruleString('mail.required', PATTERNS.mail, 'mail.invalid');
export const studentIdField = ruleString('studentId.required', PATTERNS.studentId, 'studentId.invalid');
export const idCardField = z
  .string(msg('idCard.required'))
  .trim()
  .min(1, msg('idCard.required'))
  .refine(isValidIdCard, msg('idCard.invalid'));
/** Recipient phone: a mobile, or on the modify-logistics screen also a landline. */
export const phoneField = z
  .string(msg('phone.required'))
  .trim()
  .min(1, msg('phone.required'))
  .refine((v) => PATTERNS.mobile.test(v), msg('phone.invalid'));
export const phoneOrLandlineField = z
  .string(msg('phone.required'))
  .trim()
  .min(1, msg('phone.required'))
  .refine((v) => PATTERNS.mobile.test(v) || PATTERNS.landline.test(v), msg('phone.invalid'));
