import { z } from 'zod';

/**
 * What every page's footer states about the site: the customer-service hours (one
 * reading), the operator's legal name, and the two filing numbers a website in China
 * must show: the MIIT ICP filing (ICP备案号) and the public-security filing (公安备案号).
 * Demo mode shows marked example values; production refuses to start without real ones,
 * since showing an example filing number on a public site would be false.
 */
export interface SiteInfo {
  operator: { zh: string; en: string };
  icpNumber: string;
  psbNumber: string;
}

const text = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(200).optional(),
);

const siteEnv = z.object({
  SITE_OPERATOR_ZH: text,
  SITE_OPERATOR_EN: text,
  ICP_NUMBER: text.pipe(
    z
      .string()
      .regex(/ICP备\d+号(?:-\d+)?$/, 'must read like 京ICP备12345678号-1')
      .optional(),
  ),
  PSB_NUMBER: text.pipe(
    z
      .string()
      .regex(/公网安备\d{14}号$/, 'must read like 京公网安备11010202000001号')
      .optional(),
  ),
});

export const DEMO_SITE_INFO: SiteInfo = {
  operator: { zh: '学生图像采集平台运营单位（演示）', en: 'Student photo portal operator (demo)' },
  icpNumber: '京ICP备00000000号-1',
  psbNumber: '京公网安备11000000000000号',
};

/** A complete production set of these settings, for tests that load a production configuration. */
export const PRODUCTION_SITE_ENV = {
  SITE_OPERATOR_ZH: '示例图像服务有限公司',
  SITE_OPERATOR_EN: 'Example Imaging Services Co., Ltd.',
  ICP_NUMBER: '京ICP备12345678号-1',
  PSB_NUMBER: '京公网安备11010202000001号',
} as const;

/** Site information from the environment, or the lines naming what is wrong or missing. */
export function loadSiteInfo(env: NodeJS.ProcessEnv, demo: boolean): SiteInfo | { errors: string[] } {
  const r = siteEnv.safeParse(env);
  if (!r.success) return { errors: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  const e = r.data;
  if (!demo) {
    const missing = (['SITE_OPERATOR_ZH', 'SITE_OPERATOR_EN', 'ICP_NUMBER', 'PSB_NUMBER'] as const).filter(
      (k) => !e[k],
    );
    if (missing.length)
      return { errors: missing.map((k) => `${k}: required in production (shown in every page's footer)`) };
  }
  return {
    operator: {
      zh: e.SITE_OPERATOR_ZH ?? DEMO_SITE_INFO.operator.zh,
      en: e.SITE_OPERATOR_EN ?? DEMO_SITE_INFO.operator.en,
    },
    icpNumber: e.ICP_NUMBER ?? DEMO_SITE_INFO.icpNumber,
    psbNumber: e.PSB_NUMBER ?? DEMO_SITE_INFO.psbNumber,
  };
}
