import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { ConfigError, envSchema, loadConfig, trackingConfig } from '../config.ts';
import { buildParties } from './index.ts';
import { S3Storage } from './storage.ts';
import { Kuaidi100Tracking } from './tracking-kuaidi100.ts';

/**
 * A production configuration: loaded as in development (so this test does not depend on the
 * other production start-up checks of config.ts), then switched to production.
 */
function prodConfig(env: Record<string, string>) {
  // The payment settings are read from the process environment (pay-parties.ts).
  vi.unstubAllEnvs();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const c = loadConfig(
    { NODE_ENV: 'development', DATA_DIR: '/tmp/parties-test', ...env },
    { env: 'production', demo: false, seedDemo: false },
  );
  return { ...c, tracking: trackingConfig(envSchema.parse({ ...env, NODE_ENV: 'production' }), false) };
}

/** The gap lines production refuses to start with ([] when it starts). */
function gaps(env: Record<string, string>): string[] {
  try {
    buildParties({ config: prodConfig(env), db: {} as Db, dbKind: 'postgres', pii: {} } as AppContext);
    return [];
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    expect(e.message).toMatch(/^Refusing to start in production:/);
    return e.message
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(':')[0]!);
  }
}

const S3 = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'https://cos.ap-beijing.myqcloud.com',
  S3_BUCKET: 'portal-1250000000',
  S3_ACCESS_KEY_ID: 'AKID',
  S3_SECRET_ACCESS_KEY: 'secret',
};
const PAY = {
  PUBLIC_URL: 'https://photo.example.edu.cn',
  PAY_PROVIDER: 'real',
  ALIPAY_APP_ID: '2021000000000000',
  ALIPAY_PRIVATE_KEY: 'pk',
  ALIPAY_PUBLIC_KEY: 'pub',
};
const NATIONAL = { NATIONAL_API_URL: 'https://api.example.gov.cn', NATIONAL_API_KEY: 'k', NATIONAL_API_SECRET: 's' };
const MESSAGING = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '学生图像',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  SMTP_URL: 'smtps://u:p@smtp.example.org',
  MAIL_FROM: 'noreply@example.org',
};
const COMPLETE = { ...S3, ...PAY, ...NATIONAL, ...MESSAGING };

describe('production parties (providers/index.ts)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('refuses to start with the sandboxes and the missing parties, naming each', () => {
    expect(gaps({})).toEqual(['SMS', 'mail', 'storage', 'payment', 'national platform']);
    expect(gaps({ ...COMPLETE, STORAGE_DRIVER: 'disk' })).toEqual(['storage']);
    expect(gaps({ ...COMPLETE, PAY_PROVIDER: 'sandbox' })).toEqual(['payment']);
    expect(gaps({ ...COMPLETE, NATIONAL_API_SECRET: '' })).toEqual(['national platform']);
    expect(gaps({ ...COMPLETE, TRACKING_PROVIDER: 'sandbox' })).toEqual(['tracking']);
  });

  it('starts with every party configured: S3 storage, no tracking party (staff-written events) or Kuaidi100', () => {
    expect(gaps(COMPLETE)).toEqual([]);
    const p = buildParties({ config: prodConfig(COMPLETE), db: {} as Db, dbKind: 'postgres', pii: {} } as AppContext);
    expect(p.storage).toBeInstanceOf(S3Storage);
    expect(p.tracking.kind).toBe('none');
    expect(p.oauth).toBeNull();
    expect(p.pay.sandbox).toBeNull();
    const k = {
      TRACKING_PROVIDER: 'kuaidi100',
      KUAIDI100_CUSTOMER: 'C1',
      KUAIDI100_KEY: 'K1',
      KUAIDI100_SALT: 'salt-salt',
      PUBLIC_URL: 'https://photo.example.edu.cn',
    };
    expect(gaps({ ...COMPLETE, ...k })).toEqual([]);
    const withK = prodConfig({ ...COMPLETE, ...k });
    expect(withK.tracking.kuaidi100?.callbackUrl).toBe('https://photo.example.edu.cn/api/tracking/kuaidi100/callback');
    expect(
      buildParties({ config: withK, db: {} as Db, dbKind: 'postgres', pii: {} } as AppContext).tracking,
    ).toBeInstanceOf(Kuaidi100Tracking);
  });

  it('stops at loading a half Kuaidi100 configuration, naming the settings', () => {
    expect(() => prodConfig({ TRACKING_PROVIDER: 'kuaidi100', KUAIDI100_CUSTOMER: 'C1' })).toThrow(
      /KUAIDI100_CUSTOMER, KUAIDI100_KEY, KUAIDI100_SALT and PUBLIC_URL/,
    );
  });

  it('demo mode builds the sandboxes', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    const p = buildParties({ config, db: {} as Db, dbKind: 'pglite', pii: {} } as AppContext);
    expect(p.pay.sandbox).not.toBeNull();
    expect(p.tracking.kind).toBe('sandbox');
    expect(p.oauth).not.toBeNull();
  });
});
