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
});
export type PayEnv = z.infer<typeof payEnv>;

/** The payment settings of an environment (called by loadConfig only); a malformed value stops start-up naming it. */
export function loadPayConfig(env: Record<string, string | undefined>): PayEnv {
  const parsed = payEnv.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid payment configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}
