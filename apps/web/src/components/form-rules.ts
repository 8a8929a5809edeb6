import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { PATTERNS } from '@portal/contract/validation';

/** Form rules mirroring the contract (document 1, section 5); the server checks them too. */
const rule = (t: TFunction, required: string, pattern: RegExp, invalid: string): Rule[] => [
  { required: true, whitespace: true, message: t(required) },
  { pattern, message: t(invalid) },
];
export const nameRules = (t: TFunction, requiredKey = 'msg.name.required') =>
  rule(t, requiredKey, PATTERNS.name, 'msg.name.invalid');
export const mobileRules = (t: TFunction) => rule(t, 'msg.mobile.required', PATTERNS.mobile, 'msg.mobile.invalid');
export const mailRules = (t: TFunction) => rule(t, 'msg.mail.required', PATTERNS.mail, 'msg.mail.invalid');
export const imageCodeRules = (t: TFunction) =>
  rule(t, 'msg.imageCode.required', PATTERNS.imageCode, 'msg.imageCode.invalid');
export const smsCodeRules = (t: TFunction) => rule(t, 'msg.smsCode.required', PATTERNS.smsCode, 'msg.smsCode.invalid');
export const mailCodeRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('msg.mailCode.required') },
];
/** A new value must differ from the old one. */
export const differs = (old: string | undefined, message: string): Rule => ({
  validator: (_, v: string) =>
    v && old && v.trim().toLowerCase() === old.toLowerCase() ? Promise.reject(new Error(message)) : Promise.resolve(),
});

/**
 * The mobile a code is asked for, read before the captcha: null after telling the user that it or
 * the image code is missing, or that it is not a mobile number.
 */
export function mobileForCode(
  form: FormInstance,
  t: (k: string) => string,
  error: (text: string) => void,
): string | null {
  const mobile = String(form.getFieldValue('mobile') ?? '').trim();
  const imageCode = String(form.getFieldValue('imageCode') ?? '').trim();
  if (!mobile || !imageCode) {
    error(t('msg.code.needMobileAndImage'));
    return null;
  }
  if (!PATTERNS.mobile.test(mobile)) {
    error(t('msg.mobile.invalid'));
    return null;
  }
  return mobile;
}
