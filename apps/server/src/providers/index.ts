import type { Config } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import type { Db } from '../db/client.ts';
import type { PiiCipher } from '../lib/pii.ts';
import type { MailProvider } from './mail.ts';
import type { SmsProvider } from './sms.ts';
import { buildMail, buildSms } from './messaging.ts';
import { openStorage, type Storage } from './storage.ts';
import { createPayParties, type PayParties } from './pay/pay-parties.ts';
import { RealNational, SandboxNational, type NationalPlatform } from './national.ts';
import { SandboxOAuth, type OAuthParty } from './oauth.ts';
import { WechatOAuth } from './oauth-wechat.ts';
import { NoTracking, SandboxTracking, type TrackingParty } from './tracking.ts';
import { Kuaidi100Tracking } from './tracking-kuaidi100.ts';
import { buildWechatMp, wechatMpGap, type WechatMpAuth } from './wechat-mp-auth.ts';

/**
 * Every outside party of an app, built in this one place from configuration: a reader finds here
 * which adapter runs in which mode. Production refuses to start with a sandbox or a missing party.
 *
 * | party    | demo (default)            | production                                                    |
 * |----------|---------------------------|---------------------------------------------------------------|
 * | sms      | outbox sandbox            | the configured SMS provider                                   |
 * | mail     | outbox sandbox            | SMTP                                                          |
 * | storage  | disk (memory in tests)    | S3-compatible bucket (STORAGE_DRIVER=s3, settings complete)   |
 * | pay      | sandbox cashier           | WeChat Pay and/or Alipay (PAY_PROVIDER=real, keys set)        |
 * | national | sandbox platform          | the platform's API (NATIONAL_API_URL, _KEY, _SECRET)          |
 * | tracking | sandbox (staff + fake)    | Kuaidi100, or none: staff-written events only (allowed)       |
 * | oauth    | sandbox consent page      | WeChat website login, or none: third-party login off (allowed)|
 * | wechatMp | sandbox authorisation     | official account snsapi_base (WECHAT_MP_*), or none: no JSAPI  |
 */
export interface Parties {
  sms: SmsProvider;
  mail: MailProvider;
  /** Photo bytes (disk by default, S3-compatible by config). */
  storage: Storage;
  /** Payment channels; tests may swap a channel for a real adapter. */
  pay: PayParties;
  national: NationalPlatform;
  /** Third-party (WeChat) login; null when off (production without WECHAT_* settings). */
  oauth: OAuthParty | null;
  /** Parcel tracking: subscription, pushes and real-time queries. */
  tracking: TrackingParty;
  /** The official account's web authorisation (payer openid for WeChat Pay JSAPI); null: no JSAPI. */
  wechatMp: WechatMpAuth | null;
}

/** What the parties are built on: the one configuration (config.ts), the database and the PII cipher. */
export interface PartyBase {
  config: Config;
  db: Db;
  dbKind?: 'pglite' | 'postgres';
  pii: PiiCipher;
}

/**
 * Every outside party of an app, built from its configuration where the app is built (app.ts), before
 * any route module is registered. Providers import neither modules nor http (eslint.config.js);
 * modules reach the parties through the context only.
 */
export function buildParties(base: PartyBase): Parties {
  const { config, db } = base;
  const parties: Parties = {
    sms: buildSms(config.sms, db),
    mail: buildMail(config.mail, db),
    storage: openStorage(config.photos.storage, config.dataDir, config.pgliteDir === ':memory:'),
    pay: createPayParties(config, base),
    national: config.demo ? new SandboxNational(base) : new RealNational(nationalOptions(config.national)),
    oauth: config.wechat ? new WechatOAuth(config.wechat) : config.demo ? new SandboxOAuth(db) : null,
    tracking: buildTracking(config),
    wechatMp: buildWechatMp(config, base.pii),
  };
  if (config.env === 'production') {
    const gaps = productionGaps(config, parties);
    if (gaps.length) throw new ConfigError(`Refusing to start in production:\n${gaps.map((g) => `  ${g}`).join('\n')}`);
  }
  return parties;
}

/** What production lacks: every sandbox and every missing party, each naming its settings. */
export function productionGaps(config: Config, p: Parties): string[] {
  const gaps: string[] = [];
  if (p.sms.kind === 'sandbox')
    gaps.push('SMS: the outbox sandbox; set SMS_PROVIDER=aliyun or tencent with its settings');
  // Mail codes are always offered (e-mail change, international students' binding).
  if (p.mail.kind === 'sandbox') gaps.push('mail: the outbox sandbox; set SMTP_URL and MAIL_FROM');
  if (config.photos.storage.driver !== 's3')
    gaps.push(
      "storage: disk is one instance's; set STORAGE_DRIVER=s3 with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
  if (p.pay.sandbox) gaps.push('payment: the sandbox cashier (PAY_PROVIDER=sandbox); use PAY_PROVIDER=real');
  else if (!p.pay.wechat && !p.pay.alipay) gaps.push('payment: no channel; set the WXPAY_* and/or ALIPAY_* keys');
  const n = config.national;
  if (p.national instanceof SandboxNational || !n.url || !n.appKey || !n.appSecret)
    gaps.push('national platform: set NATIONAL_API_URL, NATIONAL_API_KEY and NATIONAL_API_SECRET');
  if (p.oauth instanceof SandboxOAuth) gaps.push('WeChat login: the sandbox consent page');
  const mpGap = wechatMpGap(config, p.wechatMp);
  if (mpGap) gaps.push(mpGap);
  if (p.tracking.kind === 'sandbox')
    gaps.push('tracking: the sandbox (TRACKING_PROVIDER=sandbox); use kuaidi100 or none');
  return gaps;
}

function buildTracking(config: Config): TrackingParty {
  const t = config.tracking;
  if (t.provider === 'kuaidi100' && t.kuaidi100)
    return new Kuaidi100Tracking({ ...t.kuaidi100, timeoutMs: t.timeoutMs });
  return t.provider === 'sandbox' ? new SandboxTracking() : new NoTracking();
}

function nationalOptions(c: Config['national']) {
  return { url: c.url, key: c.appKey, secret: c.appSecret, timeoutMs: c.timeoutMs };
}
