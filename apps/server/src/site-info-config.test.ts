import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEMO_SITE_INFO, PRODUCTION_SITE_ENV } from './site-info-config.ts';
import { testApp, call } from '../test/helpers.ts';

const prod = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/site-info-test',
  RESPONSE_SECRET: 'a-secret-of-this-deployment',
  METRICS_TOKEN: 'm'.repeat(32),
  DATA_KEY: '11'.repeat(32),
} as const;

describe('site information (footer)', () => {
  it('production refuses to start without the operator and both filing numbers, naming each', () => {
    expect(() => loadConfig(prod)).toThrow(
      /SITE_OPERATOR_ZH: required in production[\s\S]*SITE_OPERATOR_EN[\s\S]*ICP_NUMBER: required[\s\S]*PSB_NUMBER: required/,
    );
    expect(() => loadConfig({ ...prod, ...PRODUCTION_SITE_ENV, ICP_NUMBER: '   ' })).toThrow(
      /ICP_NUMBER: required in production/,
    );
    expect(loadConfig({ ...prod, ...PRODUCTION_SITE_ENV }).site).toEqual({
      operator: { zh: '示例图像服务有限公司', en: 'Example Imaging Services Co., Ltd.' },
      icpNumber: '京ICP备12345678号-1',
      psbNumber: '京公网安备11010202000001号',
    });
  });
  it('refuses numbers that do not read like filings', () => {
    expect(() => loadConfig({ ...prod, ...PRODUCTION_SITE_ENV, ICP_NUMBER: '12345678' })).toThrow(
      /ICP_NUMBER: must read like/,
    );
    expect(() => loadConfig({ ...prod, ...PRODUCTION_SITE_ENV, PSB_NUMBER: '京公网安备123号' })).toThrow(
      /PSB_NUMBER: must read like/,
    );
  });
  it(
    'demo mode shows marked example values; the public settings carry one set of hours and the site lines',
    { timeout: 60_000 },
    async () => {
      expect(loadConfig({ NODE_ENV: 'development' }).site).toEqual(DEMO_SITE_INFO);
      const app = await testApp();
      const r = await call<Record<string, unknown>>(app, { method: 'GET', url: '/api/baseInfo/settings' });
      expect(r.data.serviceHours).toEqual({
        zh: '工作日 8:00-11:00，14:00-17:00',
        en: 'Workdays 8:00-11:00 and 14:00-17:00',
      });
      expect(r.data).not.toHaveProperty('serviceHoursAlt');
      expect(r.data.site).toEqual(DEMO_SITE_INFO);
      await app.close();
    },
  );
});
