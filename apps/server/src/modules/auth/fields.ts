import { z } from 'zod';
import { PATTERNS, mailField, mobileField, nameField, smsCodeField, imageCodeField } from '@portal/contract/validation';
import type { MessageKey } from '@portal/contract/messages';

const m = (key: MessageKey) => ({ error: key });

/** A required text whose missing message is `required`, then an optional pattern rule. */
export function required(key: MessageKey, pattern?: RegExp, invalid?: MessageKey) {
  const s = z
    .string(m(key))
    .trim()
    .min(1, m(key))
    .max(200, m(invalid ?? key));
  return pattern ? s.regex(pattern, m(invalid ?? key)) : s;
}

/** Sending a login or mobile-change code needs mobile and image code first (document 1, section 5). */
export const sendCodeQuery = z.object({
  mobile: required('code.needMobileAndImage', PATTERNS.mobile, 'mobile.invalid'),
  imageToken: required('code.needMobileAndImage'),
  imageCode: required('code.needMobileAndImage', PATTERNS.imageCode, 'imageCode.invalid'),
});

/** The captcha of a code sent to an e-mail, or of the deactivation code (to the member's own contact). */
export const mailCaptcha = {
  imageToken: required('code.needMailAndImage'),
  imageCode: required('code.needMailAndImage', PATTERNS.imageCode, 'imageCode.invalid'),
};
export const ownCaptcha = {
  imageToken: required('code.needImage'),
  imageCode: required('code.needImage', PATTERNS.imageCode, 'imageCode.invalid'),
};
export const mobileCaptcha = { imageToken: sendCodeQuery.shape.imageToken, imageCode: sendCodeQuery.shape.imageCode };

export const loginQuery = z.object({
  mobile: mobileField,
  imageToken: required('captcha.expired'),
  imageCode: imageCodeField,
  messageCode: smsCodeField,
});

export const selectStudentName = required('selectStudent.nameRequired', PATTERNS.name, 'name.invalid');
export const selectStudentCode = required('selectStudent.codeRequired', PATTERNS.smsCode, 'smsCode.invalid');
export const mailCodeField = required('mailCode.required', PATTERNS.smsCode, 'smsCode.invalid');
export const openIdField = required('oauth.openIdInvalid');
export const stepField = z.coerce.number().int().min(1).max(2).default(1);
export const lowerMail = mailField.transform((v) => v.toLowerCase());

export { mobileField, nameField, smsCodeField, imageCodeField };
