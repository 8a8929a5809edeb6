import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { PATTERNS } from '@portal/contract/validation';

/** Form rules mirroring the contract (document 1, section 5); the server checks them too. */
export const mobileRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('msg.mobile.required') },
  { pattern: PATTERNS.mobile, message: t('msg.mobile.invalid') },
];
export const imageCodeRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('msg.imageCode.required') },
  { pattern: PATTERNS.imageCode, message: t('msg.imageCode.invalid') },
];
export const smsCodeRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('msg.smsCode.required') },
  { pattern: PATTERNS.smsCode, message: t('msg.smsCode.invalid') },
];
export const nameRules = (t: TFunction, requiredKey = 'msg.name.required'): Rule[] => [
  { required: true, whitespace: true, message: t(requiredKey) },
  { pattern: PATTERNS.name, message: t('msg.name.invalid') },
];
export const mailRules = (t: TFunction): Rule[] => [
  { required: true, whitespace: true, message: t('msg.mail.required') },
  { pattern: PATTERNS.mail, message: t('msg.mail.invalid') },
];
