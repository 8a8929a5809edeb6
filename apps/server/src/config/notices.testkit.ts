import { SMS_NOTICE_KINDS, templateSetting } from './notices.ts';

/** A template code for every SMS notice kind, as an operator sets them (tests of a production start). */
export const NOTICE_TEMPLATE_ENV: Record<string, string> = Object.fromEntries(
  SMS_NOTICE_KINDS.map((k, i) => [templateSetting(k), `SMS_90000${i}`]),
);
