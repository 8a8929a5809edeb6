import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PiiCipher } from '../../lib/pii.ts';
import { AlipayPage } from './alipay.ts';
import { SandboxPayParty } from './sandbox.ts';
import type { PayChannel, PayProvider } from './types.ts';
import type { PayEnv } from '../../config/pay.ts';
import { WechatPayV3 } from './wechat-v3.ts';

export interface PaySettings {
  reconcileSeconds: number;
  closeUnpaidHours: number;
  expireMinutes: number;
}

export interface PayParties {
  wechat: PayProvider | null;
  alipay: PayProvider | null;
  /** The sandbox party when in sandbox mode (its cashier and test switches). */
  sandbox: SandboxPayParty | null;
  settings: PaySettings;
}

const pem = (s: string) => s.replace(/\\n/g, '\n');

/**
 * Builds the payment parties from config: the sandbox in demo mode (its trades in the database,
 * `base`), real adapters when keys are set.
 */
export function createPayParties(
  config: Config,
  base?: { db: Db; pii: PiiCipher; dbKind?: 'pglite' | 'postgres' },
): PayParties {
  const e = config.pay;
  const settings: PaySettings = {
    reconcileSeconds: e.PAY_RECONCILE_SECONDS,
    closeUnpaidHours: e.PAY_CLOSE_UNPAID_HOURS,
    expireMinutes: e.PAY_EXPIRE_MINUTES,
  };
  const mode = e.PAY_PROVIDER ?? (config.demo ? 'sandbox' : 'real');
  if (mode === 'sandbox') {
    // The sandbox pays anything for free: production refuses it (productionGaps in providers/index.ts).
    if (!base) throw new Error('the sandbox cashier keeps its trades in the database: pass it');
    // Its own secret, the same on every instance: PAY_SANDBOX_KEY, else derived from the data key
    // (never from the response secret, which every browser holds).
    const key = () =>
      e.PAY_SANDBOX_KEY ??
      crypto
        .createHash('sha256')
        .update(`sandbox-pay:${base.pii.blindIndex('sandbox-pay-notify-key-v1')}`)
        .digest('hex');
    const sandbox = new SandboxPayParty(base.db, base.dbKind === 'postgres', {
      key,
      notifyDelayMs: e.PAY_SANDBOX_NOTIFY_DELAY_MS,
      // Test apps look only at start and at their own notifications' due times.
      sweepMs: config.env === 'test' ? 0 : 2000,
    });
    return { wechat: sandbox.channel('wechat'), alipay: sandbox.channel('alipay'), sandbox, settings };
  }
  const missing = (names: string[]) => names.filter((n) => !e[n as keyof PayEnv]);
  const wxAll = ['WXPAY_MCH_ID', 'WXPAY_APP_ID', 'WXPAY_SERIAL_NO', 'WXPAY_PRIVATE_KEY', 'WXPAY_API_V3_KEY'];
  const aliAll = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'];
  const problems: string[] = [];
  // Half a configuration is a mistake, never a silently missing channel.
  const wxGiven = wxAll.length - missing(wxAll).length + (e.WXPAY_PUBLIC_KEY ? 1 : 0) + (e.WXPAY_PUBLIC_KEY_ID ? 1 : 0);
  if (wxGiven > 0 && missing(wxAll).length) problems.push(`${missing(wxAll).join(', ')} missing for WeChat Pay`);
  if (!!e.WXPAY_PUBLIC_KEY !== !!e.WXPAY_PUBLIC_KEY_ID)
    problems.push('WXPAY_PUBLIC_KEY and WXPAY_PUBLIC_KEY_ID go together (or neither: platform-certificate mode)');
  const aliGiven = aliAll.length - missing(aliAll).length;
  if (aliGiven > 0 && missing(aliAll).length) problems.push(`${missing(aliAll).join(', ')} missing for Alipay`);
  // Notify and return URLs come from PUBLIC_URL only, never from a request's Host header.
  // (No channel at all in production is a gap named by productionGaps in providers/index.ts.)
  if (wxGiven > 0 || aliGiven > 0) {
    if (!config.publicUrl)
      problems.push('PAY_PROVIDER=real needs PUBLIC_URL (the notify and return URLs are built from it)');
    else if (config.env === 'production' && !config.publicUrl.startsWith('https://'))
      problems.push('PUBLIC_URL must be https in production');
  }
  if (problems.length) throw new Error(`Invalid payment configuration: ${problems.join('; ')}`);
  const wechat = !missing(wxAll).length
    ? new WechatPayV3({
        mchId: e.WXPAY_MCH_ID!,
        appId: e.WXPAY_APP_ID!,
        serialNo: e.WXPAY_SERIAL_NO!,
        privateKey: pem(e.WXPAY_PRIVATE_KEY!),
        apiV3Key: e.WXPAY_API_V3_KEY!,
        platformPublicKey: e.WXPAY_PUBLIC_KEY ? pem(e.WXPAY_PUBLIC_KEY) : undefined,
        platformPublicKeyId: e.WXPAY_PUBLIC_KEY_ID,
        baseUrl: e.WXPAY_BASE_URL,
        // JSAPI orders inside WeChat name the official account (wechat-mp-auth.ts) bound to the merchant.
        mpAppId: e.WECHAT_MP_APP_ID,
      })
    : null;
  const alipay = !missing(aliAll).length
    ? new AlipayPage({
        appId: e.ALIPAY_APP_ID!,
        privateKey: pem(e.ALIPAY_PRIVATE_KEY!),
        alipayPublicKey: pem(e.ALIPAY_PUBLIC_KEY!),
        sellerId: e.ALIPAY_SELLER_ID,
        gateway: e.ALIPAY_GATEWAY,
      })
    : null;
  return { wechat, alipay, sandbox: null, settings };
}

export function channelOf(payType: 1 | 2): PayChannel {
  return payType === 2 ? 'wechat' : 'alipay';
}
