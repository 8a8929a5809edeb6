import type { Db } from '../db/client.ts';
import { AliyunSms, TencentSms, type SmsProvider } from './sms.ts';
import { SmtpMail, type MailProvider } from './mail.ts';
import { SandboxMail, SandboxSms } from './outbox.ts';
import type { MailSettings, SmsSettings } from '../config/messaging.ts';

export { loadMessagingConfig, type CodeShares, type MailSettings, type SmsSettings } from '../config/messaging.ts';

/** The configured SMS provider; the outbox sandbox when none (production refuses that, providers/index.ts). */
export function buildSms(s: SmsSettings, db: Db): SmsProvider {
  if (s.provider === 'aliyun') return new AliyunSms(s.aliyun);
  if (s.provider === 'tencent') return new TencentSms(s.tencent);
  return new SandboxSms(db);
}

/** SMTP when SMTP_URL is set, else the outbox sandbox. */
export function buildMail(m: MailSettings, db: Db): MailProvider {
  return m.smtpUrl && m.from ? new SmtpMail(m.smtpUrl, m.from, m.timeoutMs) : new SandboxMail(db);
}
