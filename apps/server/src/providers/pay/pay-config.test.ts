import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { PRODUCTION_SITE_ENV } from '../../site-info-config.ts';
import { testApp } from '../../../test/helpers.ts';
import { createPayParties } from './pay-parties.ts';
import { realWechatPayEnv } from '../../../test/pay-platforms.ts';

/** Row 10: production refuses a free cashier, a public secret and notify URLs it cannot trust. */
const prodBase = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/pay-config-test',
  DATA_KEY: '22'.repeat(32),
  METRICS_TOKEN: 'a-metrics-token-of-this-deployment',
  ...PRODUCTION_SITE_ENV,
} as const;
const prodEnv = { ...prodBase, RESPONSE_SECRET: 'a-secret-of-this-deployment' } as const;
const realKeys = realWechatPayEnv();

describe('payment settings in production', () => {
  it('refuses the built-in RESPONSE_SECRET', () => {
    expect(() => loadConfig(prodBase)).toThrow(/RESPONSE_SECRET: the built-in demo value is refused in production/);
    expect(loadConfig(prodEnv).responseSecret).toBe('a-secret-of-this-deployment');
  });

  it('refuses to start with the sandbox cashier', async () => {
    process.env.PAY_PROVIDER = 'sandbox';
    try {
      await expect(testApp({ demo: false, env: 'production' })).rejects.toThrow(
        /payment: the sandbox cashier \(PAY_PROVIDER=sandbox\)/,
      );
    } finally {
      delete process.env.PAY_PROVIDER;
    }
  });

  it('refuses real payments without an https PUBLIC_URL, and half a channel anywhere', () => {
    expect(() => createPayParties(loadConfig({ ...prodEnv, ...realKeys }))).toThrow(/needs PUBLIC_URL/);
    expect(() =>
      createPayParties(loadConfig({ ...prodEnv, PUBLIC_URL: 'http://photo.example.cn', ...realKeys })),
    ).toThrow(/PUBLIC_URL must be https in production/);
    expect(
      createPayParties(loadConfig({ ...prodEnv, PUBLIC_URL: 'https://photo.example.cn', ...realKeys })).wechat?.mode,
    ).toBe('real');
    expect(() =>
      createPayParties(
        loadConfig({
          NODE_ENV: 'development',
          PUBLIC_URL: 'https://photo.example.cn',
          ...realKeys,
          WXPAY_API_V3_KEY: '',
        }),
      ),
    ).toThrow(/WXPAY_API_V3_KEY missing for WeChat Pay/);
    // Platform-certificate mode: no public key at all is allowed, half of it is not.
    expect(
      createPayParties(
        loadConfig({
          ...prodEnv,
          PUBLIC_URL: 'https://photo.example.cn',
          ...realKeys,
          WXPAY_PUBLIC_KEY: '',
          WXPAY_PUBLIC_KEY_ID: '',
        }),
      ).wechat,
    ).not.toBeNull();
    expect(() =>
      createPayParties(
        loadConfig({ ...prodEnv, PUBLIC_URL: 'https://photo.example.cn', ...realKeys, WXPAY_PUBLIC_KEY_ID: '' }),
      ),
    ).toThrow(/go together/);
  });
});
