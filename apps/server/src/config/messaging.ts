import { z } from 'zod';
import type { AliyunSmsConfig, TencentSmsConfig } from '../providers/sms.ts';

// The SMS and mail settings, parsed here with the rest of the configuration (config.ts imports no
// party's code); providers/messaging.ts builds the parties from them.

/** SMS and mail settings (README, configuration). */
export type SmsSettings =
  | { provider: 'sandbox' }
  | { provider: 'aliyun'; aliyun: AliyunSmsConfig }
  | { provider: 'tencent'; tencent: TencentSmsConfig };
/** The most of the daily code budget one address, one network (/24, /48) or one 7-digit number segment may take, in percent. */
export interface CodeShares {
  address: number;
  network: number;
  prefix: number;
}

export interface MailSettings {
  smtpUrl?: string;
  from?: string;
  timeoutMs: number;
}

const blank = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' ? undefined : v), t);
const text = blank(z.string().min(1).optional());

const env = z.object({
  SMS_PROVIDER: blank(z.enum(['sandbox', 'aliyun', 'tencent']).optional()),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  ALIYUN_SMS_ACCESS_KEY_ID: text,
  ALIYUN_SMS_ACCESS_KEY_SECRET: text,
  ALIYUN_SMS_SIGN_NAME: text,
  ALIYUN_SMS_TEMPLATE_CODE: text,
  ALIYUN_SMS_ENDPOINT: blank(z.string().default('dysmsapi.aliyuncs.com')),
  TENCENT_SMS_SECRET_ID: text,
  TENCENT_SMS_SECRET_KEY: text,
  TENCENT_SMS_REGION: blank(z.string().default('ap-guangzhou')),
  TENCENT_SMS_SDK_APP_ID: text,
  TENCENT_SMS_SIGN_NAME: text,
  TENCENT_SMS_TEMPLATE_ID: text,
  TENCENT_SMS_ENDPOINT: blank(z.string().default('sms.tencentcloudapi.com')),
  SMTP_URL: blank(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: text,
  MAIL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  CODE_SHARE_ADDRESS_PERCENT: z.coerce.number().min(0.01).max(100).default(1),
  CODE_SHARE_NETWORK_PERCENT: z.coerce.number().min(0.01).max(100).default(3),
  CODE_SHARE_PREFIX_PERCENT: z.coerce.number().min(0.01).max(100).default(2),
});

/** `host[:port]` or `http(s)://host[:port]` (tests point the SDKs at a local endpoint). */
function endpointOf(v: string): { endpoint: string; protocol: 'https' | 'http' } {
  const m = /^(https?):\/\/([^/]+)\/?$/.exec(v);
  return m ? { protocol: m[1] as 'https' | 'http', endpoint: m[2] } : { protocol: 'https', endpoint: v };
}

function need(e: Record<string, unknown>, names: string[]): string[] {
  return names.filter((n) => !e[n]);
}

/** Parses the SMS and mail settings; a provider named without all of its settings is a configuration error. */
type Messaging = { sms: SmsSettings; mail: MailSettings; codeShares: CodeShares };
export function loadMessagingConfig(raw: NodeJS.ProcessEnv): Messaging | { errors: string[] } {
  const parsed = env.safeParse(raw);
  if (!parsed.success) return { errors: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const mail: MailSettings = { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, timeoutMs: e.MAIL_TIMEOUT_MS };
  const codeShares = {
    address: e.CODE_SHARE_ADDRESS_PERCENT,
    network: e.CODE_SHARE_NETWORK_PERCENT,
    prefix: e.CODE_SHARE_PREFIX_PERCENT,
  };
  if (e.SMTP_URL && !e.MAIL_FROM) return { errors: ['MAIL_FROM: required with SMTP_URL'] };
  if (e.SMS_PROVIDER === 'aliyun') {
    const missing = need(e, [
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
    ]);
    if (missing.length) return { errors: missing.map((n) => `${n}: required with SMS_PROVIDER=aliyun`) };
    const aliyun: AliyunSmsConfig = {
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID!,
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET!,
      signName: e.ALIYUN_SMS_SIGN_NAME!,
      templateCode: e.ALIYUN_SMS_TEMPLATE_CODE!,
      ...endpointOf(e.ALIYUN_SMS_ENDPOINT),
      timeoutMs: e.SMS_TIMEOUT_MS,
    };
    return { sms: { provider: 'aliyun', aliyun }, mail, codeShares };
  }
  if (e.SMS_PROVIDER === 'tencent') {
    const missing = need(e, [
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
      'TENCENT_SMS_SIGN_NAME',
      'TENCENT_SMS_TEMPLATE_ID',
    ]);
    if (missing.length) return { errors: missing.map((n) => `${n}: required with SMS_PROVIDER=tencent`) };
    const tencent: TencentSmsConfig = {
      secretId: e.TENCENT_SMS_SECRET_ID!,
      secretKey: e.TENCENT_SMS_SECRET_KEY!,
      region: e.TENCENT_SMS_REGION,
      sdkAppId: e.TENCENT_SMS_SDK_APP_ID!,
      signName: e.TENCENT_SMS_SIGN_NAME!,
      templateId: e.TENCENT_SMS_TEMPLATE_ID!,
      ...endpointOf(e.TENCENT_SMS_ENDPOINT),
      timeoutMs: e.SMS_TIMEOUT_MS,
    };
    return { sms: { provider: 'tencent', tencent }, mail, codeShares };
  }
  return { sms: { provider: 'sandbox' }, mail, codeShares };
}
