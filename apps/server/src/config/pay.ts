import { z } from 'zod';

/** Payment settings: read from the environment by config.ts (loadPayConfig), used by the pay parties (providers/pay/pay-parties.ts) and validated at start-up. */
const payEnv = z.object({
  /** 'sandbox' (the demo default) or 'real' (the production default). */
  PAY_PROVIDER: z.enum(['sandbox', 'real']).optional(),
  PAY_SANDBOX_NOTIFY_DELAY_MS: z.coerce.number().int().min(0).default(1500),
  /** The sandbox cashier's notification key (at least 32 characters); derived from the data key when unset. */
  PAY_SANDBOX_KEY: z.string().min(32).optional(),
  /** Reconciliation interval; 0 turns the periodic job off. */
  PAY_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(60),
  /** Unpaid orders older than this are closed by reconciliation. */
  PAY_CLOSE_UNPAID_HOURS: z.coerce.number().positive().default(72),
  /** How long a created payment may be paid at the provider. */
  PAY_EXPIRE_MINUTES: z.coerce.number().int().positive().default(30),
  WXPAY_MCH_ID: z.string().optional(),
  WXPAY_APP_ID: z.string().optional(),
  WXPAY_SERIAL_NO: z.string().optional(),
  WXPAY_PRIVATE_KEY: z.string().optional(),
  WXPAY_API_V3_KEY: z.string().optional(),
  WXPAY_PUBLIC_KEY: z.string().optional(),
  WXPAY_PUBLIC_KEY_ID: z.string().optional(),
  /** The WeChat Pay API base; tests point it at a local gateway. */
  WXPAY_BASE_URL: z.string().url().optional(),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SELLER_ID: z.string().optional(),
  ALIPAY_GATEWAY: z.string().url().optional(),
  /**
   * WeChat Pay JSAPI, paying inside WeChat's browser. Unset: on in the sandbox, and with real payments
   * wherever the official account's settings (WECHAT_MP_*) are given; 'on': required (production
   * refuses to start without WECHAT_MP_*); 'off': never.
   */
  PAY_WECHAT_JSAPI: z.enum(['on', 'off']).optional(),
  /** The official account (公众号) whose snsapi_base authorisation gives the payer's openid; bound to the merchant. */
  WECHAT_MP_APP_ID: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).max(64).optional()),
  WECHAT_MP_APP_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16).max(128).optional()),
  /** The API base of the code -> openid exchange; tests point it at a local server. */
  WECHAT_MP_API_URL: z.string().url().default('https://api.weixin.qq.com'),
  WECHAT_MP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});
export type PayEnv = z.infer<typeof payEnv>;

/** The payment settings of an environment (called by loadConfig only); a malformed value stops start-up naming it. */
export function loadPayConfig(env: Record<string, string | undefined>): PayEnv {
  const parsed = payEnv.safeParse(env);
  if (parsed.success && !parsed.data.WECHAT_MP_APP_ID !== !parsed.data.WECHAT_MP_APP_SECRET)
    throw new Error('Invalid payment configuration: WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET go together');
  if (!parsed.success)
    throw new Error(
      `Invalid payment configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
