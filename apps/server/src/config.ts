import { z } from 'zod';
import path from 'node:path';
import { DEFAULT_RESPONSE_SECRET, INACTIVITY_SECONDS } from '@portal/contract/defaults';
import { loadPhotoConfig, type PhotoConfig } from './config/photo-check.ts';
import { checkDataKey, checkMetricsToken, parseTrustProxy, type TrustProxy } from './security-config.ts';
import { ConfigError } from './config-error.ts';
import type { HttpTimeouts } from './http/request-timeouts.ts';
import { loadMessagingConfig, type CodeShares, type MailSettings, type SmsSettings } from './config/messaging.ts';
import { loadSiteInfo, type SiteInfo } from './site-info-config.ts';
import { loadPayConfig, type PayEnv } from './config/pay.ts';
import { loadNoticeConfig, type NoticeConfig } from './config/notices.ts';

/** An empty setting (as container templates often leave it) counts as unset. */
const blankIsUnset = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === '' ? undefined : v), t);

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The drain on SIGTERM in production unless set: longer than a load balancer's usual health-check interval. */
export const PRODUCTION_DRAIN_SECONDS = 5;

/** Environment -> typed config. A bad setting stops start-up with a message naming it. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  // An empty DATABASE_URL (as container templates often leave it) means PGlite, like an unset one.
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  RESPONSE_SECRET: z.string().min(8).default(DEFAULT_RESPONSE_SECRET),
  PUBLIC_URL: z.string().url().optional(),
  SERVICE_PHONES: z.string().default('010-88888888,010-66666666'),
  SERVICE_HOURS_ZH: z.string().default('工作日 8:00-11:00，14:00-17:00'),
  SERVICE_HOURS_EN: z.string().default('Workdays 8:00-11:00 and 14:00-17:00'),
  CHAT_URL: z.string().url().default('https://kf.example.com/chat'),
  /** The WeChat mini-programme a closed web collection sends students to: its search name, and its QR image if any. */
  MINI_PROGRAM_NAME_ZH: z.string().trim().min(1).max(40).default('学生图像采集平台'),
  MINI_PROGRAM_NAME_EN: z.string().trim().min(1).max(80).default('Student Photo Portal'),
  MINI_PROGRAM_QR_URL: z.string().max(500).default(''),
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  INACTIVITY_SECONDS: z.coerce.number().int().positive().default(INACTIVITY_SECONDS),
  /** 32-byte key, hex or base64, for ID numbers at rest; generated into DATA_DIR in demo mode. */
  DATA_KEY: blankIsUnset(z.string().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_SEED: bool.optional(),
  /** The load balancer's addresses/CIDRs or a hop count (security-config.ts); `true` only outside production. */
  TRUST_PROXY: blankIsUnset(z.string().optional()),
  /** Bearer token for /metrics; required in production. */
  METRICS_TOKEN: blankIsUnset(z.string().optional()),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  /** How long a client may take to send its headers, a request, an upload (http/request-timeouts.ts). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HTTP_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /**
   * On SIGTERM, seconds to keep serving (readiness failing, connections closed after each answer) before closing:
   * 5 in production unless set (behind a load balancer a stop without a drain drops the requests in flight), 0 elsewhere.
   */
  SHUTDOWN_DRAIN_SECONDS: blankIsUnset(z.coerce.number().min(0).max(300).optional()),
  /** PostgreSQL: wait for a connection, one statement, and a transaction idle between statements (db/client.ts DbTimeouts). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Codes (SMS and e-mail) one IP may request per hour, and all codes per day (an alert is logged past it). */
  CODE_IP_HOURLY: z.coerce.number().int().positive().default(30),
  CODE_DAILY_BUDGET: z.coerce.number().int().positive().default(20000),
  /** Built web app folder (tests build to their own). */
  WEB_DIST: z.string().optional(),
  /** Parcel tracking: sandbox (demo default), kuaidi100, or none (production default: staff-written events only). */
  TRACKING_PROVIDER: blankIsUnset(z.enum(['sandbox', 'kuaidi100', 'none']).optional()),
  /** Kuaidi100 (快递100) enterprise account: customer id, authorisation key, and our own salt for its pushes. */
  KUAIDI100_CUSTOMER: blankIsUnset(z.string().optional()),
  KUAIDI100_KEY: blankIsUnset(z.string().optional()),
  KUAIDI100_SALT: blankIsUnset(z.string().min(8, 'must be at least 8 characters').optional()),
  /** Its API base (tests point it at a local imitation), and where it pushes (default <PUBLIC_URL>/api/tracking/kuaidi100/callback). */
  KUAIDI100_API_URL: blankIsUnset(z.string().url().default('https://poll.kuaidi100.com')),
  KUAIDI100_CALLBACK_URL: blankIsUnset(z.string().url().optional()),
  TRACKING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Hours between sweeps querying parcels with no event for 3 days (0 = off). */
  TRACKING_SWEEP_HOURS: z.coerce.number().min(0).default(24),
  /** The national platform's API (production); its sandbox answers in demo mode. */
  NATIONAL_API_URL: z.string().url().optional(),
  NATIONAL_API_KEY: z.string().optional(),
  NATIONAL_API_SECRET: z.string().optional(),
  NATIONAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Photos per report call, seconds between report batches (0 = only when staff start a run), tries per photo. */
  NATIONAL_REPORT_BATCH: z.coerce.number().int().min(1).max(500).default(100),
  NATIONAL_REPORT_SECONDS: z.coerce.number().int().min(0).default(5),
  NATIONAL_REPORT_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** WeChat open-platform website login (QR); unset: the sandbox consent page in demo mode, off in production. */
  WECHAT_APP_ID: blankIsUnset(
    z
      .string()
      .regex(/^wx[0-9a-fA-F]{16}$/, 'must be a WeChat AppID (wx + 16 hex digits)')
      .optional(),
  ),
  WECHAT_APP_SECRET: blankIsUnset(z.string().min(16, 'must be the AppSecret (32 characters)').max(128).optional()),
  /** Where WeChat sends the browser back with code and state; default <PUBLIC_URL>/loading. */
  WECHAT_REDIRECT_URI: blankIsUnset(z.string().url().optional()),
  /** The WeChat API base (tests point it at a local imitation). */
  WECHAT_API_URL: blankIsUnset(z.string().url().default('https://api.weixin.qq.com')),
  WECHAT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The photo check's face detector (ssd compares against the default tiny one). */
  PHOTO_DETECTOR: blankIsUnset(z.enum(['tiny', 'ssd']).default('tiny')),
  /** The tiny detector's input square, a multiple of 32 (face-model.ts explains the default). */
  PHOTO_TINY_INPUT: blankIsUnset(z.coerce.number().int().positive().multipleOf(32).default(320)),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** ':memory:' keeps PGlite in memory (tests). */
  pgliteDir: string;
  env: Env['NODE_ENV'];
  demo: boolean;
  seedDemo: boolean;
  responseSecret: string;
  publicUrl?: string;
  servicePhones: string[];
  serviceHours: { zh: string; en: string };
  /** The footer's operator and filing numbers (site-info-config.ts). */
  site: SiteInfo;
  chatUrl: string;
  /** The mini-programme's search name and QR image address ('' none). */
  miniProgram: { name: { zh: string; en: string }; qrUrl: string };
  mapTileUrl: string;
  inactivitySeconds: number;
  dataKey?: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: TrustProxy;
  metricsToken?: string;
  rateLimitPerMinute: number;
  /** HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_UPLOAD_TIMEOUT_MS (http/request-timeouts.ts). */
  httpTimeouts: HttpTimeouts;
  shutdownDrainSeconds: number;
  /** PostgreSQL's timeouts (DB_*_MS). */
  dbTimeouts: { connectMs: number; statementMs: number; idleInTransactionMs: number };
  codeIpHourly: number;
  codeDailyBudget: number;
  /** Built web app folder; served when it exists. */
  webDist: string;
  /** Photo check bounds, storage and photo URL signing (see ARCHITECTURE.md, "Photo check"). */
  photos: PhotoConfig;
  tracking: TrackingConfig;
  national: NationalConfig;
  /** WeChat website login; undefined when not configured. */
  wechat?: WechatConfig;
  /** SMS provider and SMTP (providers/messaging.ts). */
  sms: SmsSettings;
  mail: MailSettings;
  /** Daily budget shares per address, network and number segment (CODE_SHARE_*_PERCENT). */
  codeShares: CodeShares;
  /** Payment mode, timings and channel keys (PAY_*, WXPAY_*, ALIPAY_*; providers/pay/pay-parties.ts). */
  pay: PayEnv;
  /** SMS templates, quiet hours and limits of the notices (NOTICE_*; config/notices.ts). */
  notices: NoticeConfig;
  /** The face detector of the photo check and the tiny detector's input square (PHOTO_DETECTOR, PHOTO_TINY_INPUT). */
  faceModel: { detector: 'tiny' | 'ssd'; tinyInput: number };
}

export interface WechatConfig {
  appId: string;
  appSecret: string;
  redirectUri: string;
  apiUrl: string;
  timeoutMs: number;
}

/** All of the WeChat login settings or none: half a configuration stops start-up. */
function wechatConfig(e: Env): WechatConfig | undefined {
  const redirectUri =
    e.WECHAT_REDIRECT_URI ?? (e.PUBLIC_URL ? `${e.PUBLIC_URL.replace(/\/+$/, '')}/loading` : undefined);
  if (!e.WECHAT_APP_ID && !e.WECHAT_APP_SECRET) return undefined;
  if (!e.WECHAT_APP_ID || !e.WECHAT_APP_SECRET || !redirectUri) {
    throw new ConfigError(
      'Invalid configuration:\n  WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_REDIRECT_URI (or PUBLIC_URL) go together',
    );
  }
  return {
    appId: e.WECHAT_APP_ID,
    appSecret: e.WECHAT_APP_SECRET,
    redirectUri,
    apiUrl: e.WECHAT_API_URL,
    timeoutMs: e.WECHAT_TIMEOUT_MS,
  };
}

/** The headers' limit within the request's, the request's within the upload's. */
function httpTimeouts(e: Env): HttpTimeouts {
  const t = {
    headersMs: e.HTTP_HEADERS_TIMEOUT_MS,
    requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
    uploadMs: e.HTTP_UPLOAD_TIMEOUT_MS,
  };
  if (t.headersMs > t.requestMs || t.requestMs > t.uploadMs)
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS and HTTP_UPLOAD_TIMEOUT_MS must not decrease in that order',
    );
  return t;
}

export interface TrackingConfig {
  provider: 'sandbox' | 'kuaidi100' | 'none';
  kuaidi100?: { customer: string; key: string; salt: string; apiUrl: string; callbackUrl: string };
  timeoutMs: number;
  sweepHours: number;
}

/** Kuaidi100 needs its customer, key and salt and a callback URL; half a configuration stops start-up. */
export function trackingConfig(e: Env, demo: boolean): TrackingConfig {
  const provider = e.TRACKING_PROVIDER ?? (demo ? 'sandbox' : 'none');
  const base = { provider, timeoutMs: e.TRACKING_TIMEOUT_MS, sweepHours: e.TRACKING_SWEEP_HOURS };
  if (provider !== 'kuaidi100') return base;
  const callbackUrl =
    e.KUAIDI100_CALLBACK_URL ??
    (e.PUBLIC_URL ? `${e.PUBLIC_URL.replace(/\/+$/, '')}/api/tracking/kuaidi100/callback` : undefined);
  if (!e.KUAIDI100_CUSTOMER || !e.KUAIDI100_KEY || !e.KUAIDI100_SALT || !callbackUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  TRACKING_PROVIDER: kuaidi100 needs KUAIDI100_CUSTOMER, KUAIDI100_KEY, KUAIDI100_SALT and PUBLIC_URL (or KUAIDI100_CALLBACK_URL)',
    );
  }
  return {
    ...base,
    kuaidi100: {
      customer: e.KUAIDI100_CUSTOMER,
      key: e.KUAIDI100_KEY,
      salt: e.KUAIDI100_SALT,
      apiUrl: e.KUAIDI100_API_URL,
      callbackUrl,
    },
  };
}

export interface NationalConfig {
  url?: string;
  appKey?: string;
  appSecret?: string;
  timeoutMs: number;
  reportBatch: number;
  reportSeconds: number;
  reportAttempts: number;
}

export { ConfigError };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const demo = e.NODE_ENV !== 'production';
  const trust = parseTrustProxy(e.TRUST_PROXY, !demo);
  const unsafe = [
    'error' in trust ? trust.error : null,
    checkMetricsToken(e.METRICS_TOKEN, !demo),
    checkDataKey(e.DATA_KEY, !demo),
  ].filter(Boolean);
  if (unsafe.length) throw new ConfigError(`Invalid configuration:\n${unsafe.map((l) => `  ${l}`).join('\n')}`);
  const messaging = loadMessagingConfig(env);
  if ('errors' in messaging)
    throw new ConfigError(`Invalid configuration:\n${messaging.errors.map((l) => `  ${l}`).join('\n')}`);
  // The built-in value is public (it is in the source): production refuses it, since anyone could sign answers with it.
  if (!demo && e.RESPONSE_SECRET === DEFAULT_RESPONSE_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  RESPONSE_SECRET: the built-in demo value is refused in production; set a secret of your own (and build the web with it)',
    );
  const notices = loadNoticeConfig(env, messaging.sms.provider, !demo);
  if ('errors' in notices)
    throw new ConfigError(`Invalid configuration:\n${notices.errors.map((l) => `  ${l}`).join('\n')}`);
  const site = loadSiteInfo(env, demo);
  if ('errors' in site) throw new ConfigError(`Invalid configuration:\n${site.errors.map((l) => `  ${l}`).join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    env: e.NODE_ENV,
    demo,
    seedDemo: e.DEMO_SEED ?? demo,
    responseSecret: e.RESPONSE_SECRET,
    publicUrl: e.PUBLIC_URL,
    servicePhones: e.SERVICE_PHONES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    serviceHours: { zh: e.SERVICE_HOURS_ZH, en: e.SERVICE_HOURS_EN },
    site,
    chatUrl: e.CHAT_URL,
    miniProgram: { name: { zh: e.MINI_PROGRAM_NAME_ZH, en: e.MINI_PROGRAM_NAME_EN }, qrUrl: e.MINI_PROGRAM_QR_URL },
    mapTileUrl: e.MAP_TILE_URL,
    inactivitySeconds: e.INACTIVITY_SECONDS,
    dataKey: e.DATA_KEY,
    logLevel: e.LOG_LEVEL,
    trustProxy: 'value' in trust ? trust.value : false,
    metricsToken: e.METRICS_TOKEN,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    httpTimeouts: httpTimeouts(e),
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (demo ? 0 : PRODUCTION_DRAIN_SECONDS),
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_TX_TIMEOUT_MS,
    },
    codeIpHourly: e.CODE_IP_HOURLY,
    codeDailyBudget: e.CODE_DAILY_BUDGET,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    photos: loadPhotoConfig(env),
    tracking: trackingConfig(e, demo),
    national: {
      url: e.NATIONAL_API_URL,
      appKey: e.NATIONAL_API_KEY,
      appSecret: e.NATIONAL_API_SECRET,
      timeoutMs: e.NATIONAL_TIMEOUT_MS,
      reportBatch: e.NATIONAL_REPORT_BATCH,
      reportSeconds: e.NATIONAL_REPORT_SECONDS,
      reportAttempts: e.NATIONAL_REPORT_ATTEMPTS,
    },
    wechat: wechatConfig(e),
    sms: messaging.sms,
    mail: messaging.mail,
    codeShares: messaging.codeShares,
    pay: loadPayConfig(env),
    notices,
    faceModel: { detector: e.PHOTO_DETECTOR, tinyInput: e.PHOTO_TINY_INPUT },
    ...overrides,
  };
}
