import { z } from 'zod';
import { NOTICE_KINDS, NOTICE_RULES, type NoticeKind } from '@portal/contract/notices';

/** The notice sender's settings (README, "Notices"); read by config.ts (loadNoticeConfig). */
export interface NoticeConfig {
  /** The SMS template code filed with the provider per notice kind that sends an SMS. */
  smsTemplates: Partial<Record<NoticeKind, string>>;
  /** No SMS from `quietFrom` o'clock to `quietTo` o'clock, China time; those wait until `quietTo`. */
  quietFrom: number;
  quietTo: number;
  /** The most notice SMS one member gets in a China day. */
  smsDailyLimit: number;
  /** How often the sender looks for notices due (0: off). */
  sendSeconds: number;
  /** A notice still not sent this long after it was written is marked failed and shown to staff. */
  failAfterHours: number;
}

/** `photoRefused` -> `NOTICE_SMS_TEMPLATE_PHOTO_REFUSED`. */
export const templateSetting = (k: NoticeKind) =>
  `NOTICE_SMS_TEMPLATE_${k.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** The kinds that send an SMS: each needs a template code with a real SMS provider. */
export const SMS_NOTICE_KINDS = NOTICE_KINDS.filter((k) => NOTICE_RULES[k].channels.includes('sms'));

const hours = z
  .string()
  .regex(/^([01]?\d|2[0-3])-([01]?\d|2[0-3])$/, 'must be FROM-TO in whole hours, e.g. 21-8')
  .default('21-8');

const env = z.object({
  NOTICE_QUIET_HOURS: hours,
  NOTICE_SMS_DAILY_LIMIT: z.coerce.number().int().min(0).max(50).default(3),
  NOTICE_SEND_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  NOTICE_FAIL_AFTER_HOURS: z.coerce.number().min(1).max(720).default(24),
});

/**
 * The notice settings. In production with a real SMS provider every SMS notice kind must have its
 * template code (the provider sends only filed templates), else the start is refused naming the
 * missing ones; elsewhere a kind without one is sent by no SMS (its delivery fails, named).
 */
export function loadNoticeConfig(
  raw: Record<string, string | undefined>,
  smsProvider: 'sandbox' | 'aliyun' | 'tencent',
  production: boolean,
): NoticeConfig | { errors: string[] } {
  const parsed = env.safeParse(raw);
  if (!parsed.success) return { errors: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const smsTemplates: Partial<Record<NoticeKind, string>> = {};
  const missing: string[] = [];
  for (const k of SMS_NOTICE_KINDS) {
    const v = raw[templateSetting(k)]?.trim();
    if (v) smsTemplates[k] = v;
    else if (production && smsProvider !== 'sandbox')
      missing.push(`${templateSetting(k)}: required with SMS_PROVIDER=${smsProvider}`);
  }
  if (missing.length) return { errors: missing };
  const [from, to] = parsed.data.NOTICE_QUIET_HOURS.split('-').map(Number);
  return {
    smsTemplates,
    quietFrom: from!,
    quietTo: to!,
    smsDailyLimit: parsed.data.NOTICE_SMS_DAILY_LIMIT,
    sendSeconds: parsed.data.NOTICE_SEND_SECONDS,
    failAfterHours: parsed.data.NOTICE_FAIL_AFTER_HOURS,
  };
}
