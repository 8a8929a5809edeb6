import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { loadPayConfig } from '../../config/pay.ts';
import { PRODUCTION_SITE_ENV } from '../../site-info-config.ts';
import { realWechatPayEnv } from '../../../test/pay-platforms.ts';
import { productionGaps, type Parties } from '../index.ts';
import { buildWechatMp } from '../wechat-mp-auth.ts';
import type { PiiCipher } from '../../lib/pii.ts';

/**
 * Paying inside WeChat needs the official account: production names what is missing (buildParties
 * refuses to start on any gap named by productionGaps) and demo mode plays it with the sandbox.
 */
const prod = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/phone-config-test',
  DATA_KEY: '22'.repeat(32),
  RESPONSE_SECRET: 'a-secret-of-this-deployment',
  METRICS_TOKEN: 'a-metrics-token-of-this-deployment',
  PUBLIC_URL: 'https://photo.example.cn',
  ...PRODUCTION_SITE_ENV,
  ...realWechatPayEnv(),
};
const pii = { blindIndex: (s: string) => `k:${s}` } as unknown as PiiCipher;
const MP = { WECHAT_MP_APP_ID: 'wx00000000000000mp', WECHAT_MP_APP_SECRET: 's'.repeat(32) };

/** The gaps of a production whose other parties are all real, for these settings. */
function gaps(env: Record<string, string>): string[] {
  const config = loadConfig({ ...prod, ...env });
  const others = {
    sms: { kind: 'aliyun' },
    mail: { kind: 'smtp' },
    pay: { sandbox: null, wechat: {}, alipay: null },
    national: {},
    oauth: null,
    tracking: { kind: 'none' },
  };
  const all = productionGaps(config, { ...others, wechatMp: buildWechatMp(config, pii) } as unknown as Parties);
  // Storage and the national platform are not this test's parties.
  return all.filter((g) => /WeChat/.test(g));
}

describe('the official account in production', () => {
  it('refuses to start with JSAPI on and no WECHAT_MP_APP_ID / _SECRET', () => {
    expect(gaps({ PAY_WECHAT_JSAPI: 'on' })).toEqual([
      'WeChat Pay JSAPI (PAY_WECHAT_JSAPI=on): set WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET, or PAY_WECHAT_JSAPI=off',
    ]);
  });

  it('names no gap once the official account is set (the real authorisation), or JSAPI is off or unasked', () => {
    expect(gaps({ PAY_WECHAT_JSAPI: 'on', ...MP })).toEqual([]);
    expect(buildWechatMp(loadConfig({ ...prod, ...MP }), pii)?.kind).toBe('wechat');
    expect(gaps({ PAY_WECHAT_JSAPI: 'off' })).toEqual([]);
    expect(gaps({})).toEqual([]);
  });

  it('has the sandbox authorisation in demo mode only', () => {
    expect(buildWechatMp(loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/phone-config-test' }), pii)?.kind).toBe(
      'sandbox',
    );
    expect(buildWechatMp(loadConfig(prod), pii)).toBeNull();
  });

  it('refuses half an official account anywhere', () => {
    expect(() => loadPayConfig({ WECHAT_MP_APP_ID: 'wx00000000000000mp' })).toThrow(
      'WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET go together',
    );
  });
});
