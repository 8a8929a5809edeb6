import crypto from 'node:crypto';
import type { Config } from '../config.ts';
import type { PiiCipher } from '../lib/pii.ts';
import { OAuthError } from './oauth.ts';
import { WechatOAuth } from './oauth-wechat.ts';

/**
 * WeChat official-account web authorisation (网页授权, scope snsapi_base): inside WeChat's browser the
 * pay page is sent to WeChat, which returns it with a code at once (no consent screen); the server
 * exchanges the code for the payer's openid, which a JSAPI payment names. Failures are OAuthError
 * ('code': a bad, used or expired code; 'timeout'; 'failed').
 */
export interface WechatMpAuth {
  readonly kind: 'wechat' | 'sandbox';
  /** The official account's app id (the JSAPI order and its paySign name it). */
  readonly appId: string;
  /** Where the browser goes; WeChat sends it back to redirectUri?code=...&state=... */
  authorizeUrl(redirectUri: string, state: string, baseUrl: string): string;
  openidOf(code: string): Promise<string>;
}

export interface WechatMpSettings {
  appId: string;
  appSecret: string;
  apiUrl: string;
  timeoutMs: number;
}

/** The real authorisation: the documented authorize URL, and the code exchange of sns/oauth2/access_token. */
export class WechatMpOAuth implements WechatMpAuth {
  readonly kind = 'wechat' as const;
  private readonly exchange: WechatOAuth;

  constructor(
    private readonly c: WechatMpSettings,
    fetchFn: typeof fetch = fetch,
  ) {
    // The exchange is the same call as the website login's, under the official account's app id and secret.
    this.exchange = new WechatOAuth({ ...c, redirectUri: '' }, fetchFn);
  }

  get appId(): string {
    return this.c.appId;
  }

  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({
      appid: this.c.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
    });
    return `https://open.weixin.qq.com/connect/oauth2/authorize?${q.toString()}#wechat_redirect`;
  }

  async openidOf(code: string): Promise<string> {
    return (await this.exchange.exchangeCode(code)).openId;
  }
}

/** The sandbox's official account: codes are signed openids that expire, spent once per instance. */
export class SandboxMpAuth implements WechatMpAuth {
  readonly kind = 'sandbox' as const;
  readonly appId = 'wxsandbox00000000';
  private readonly spent = new Map<string, number>();
  static readonly CODE_SECONDS = 300;

  constructor(private readonly key: () => string) {}

  authorizeUrl(redirectUri: string, state: string, baseUrl: string): string {
    const q = new URLSearchParams({ appid: this.appId, redirect_uri: redirectUri, scope: 'snsapi_base', state });
    return `${baseUrl}/sandbox/mp-oauth/authorize?${q.toString()}`;
  }

  /** The code the sandbox page hands back for an openid (valid CODE_SECONDS). */
  issueCode(openid: string, at = Date.now()): string {
    const exp = Math.floor(at / 1000) + SandboxMpAuth.CODE_SECONDS;
    const body = `${Buffer.from(openid).toString('base64url')}.${exp}`;
    return `${body}.${this.mac(body)}`;
  }

  async openidOf(code: string): Promise<string> {
    const m = /^([A-Za-z0-9_-]{1,128})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(code);
    if (!m) throw new OAuthError('code', 'sandbox: malformed code', 40029);
    const body = `${m[1]}.${m[2]}`;
    const a = Buffer.from(this.mac(body));
    if (a.length !== Buffer.byteLength(m[3]) || !crypto.timingSafeEqual(a, Buffer.from(m[3])))
      throw new OAuthError('code', 'sandbox: invalid code', 40029);
    const now = Date.now() / 1000;
    if (Number(m[2]) < now) throw new OAuthError('code', 'sandbox: code expired', 42003);
    if (this.spent.has(code)) throw new OAuthError('code', 'sandbox: code been used', 40163);
    for (const [c, exp] of this.spent) if (exp < now) this.spent.delete(c);
    this.spent.set(code, Number(m[2]));
    return Buffer.from(m[1], 'base64url').toString('utf8');
  }

  private mac(body: string): string {
    return crypto.createHmac('sha256', this.key()).update(`mp-oauth\n${body}`).digest('base64url');
  }
}

/**
 * The official account's authorisation from configuration: real with WECHAT_MP_APP_ID and _SECRET, the
 * sandbox in demo mode without them, else none (JSAPI is then not offered).
 */
export function buildWechatMp(config: Config, pii: PiiCipher): WechatMpAuth | null {
  const e = config.pay;
  if (e.WECHAT_MP_APP_ID && e.WECHAT_MP_APP_SECRET)
    return new WechatMpOAuth({
      appId: e.WECHAT_MP_APP_ID,
      appSecret: e.WECHAT_MP_APP_SECRET,
      apiUrl: e.WECHAT_MP_API_URL,
      timeoutMs: e.WECHAT_MP_TIMEOUT_MS,
    });
  if (!config.demo) return null;
  // Derived from the data key, as the sandbox cashier's, so every instance agrees.
  let key: string | null = null;
  return new SandboxMpAuth(() => (key ??= pii.blindIndex('sandbox-mp-oauth-key-v1')));
}

/** Production's gap, if any: JSAPI asked for ('on') without the official account, or the sandbox's. */
export function wechatMpGap(config: Config, mp: WechatMpAuth | null): string | null {
  if (mp?.kind === 'sandbox') return 'WeChat official account: the sandbox authorisation page';
  if (config.pay.PAY_WECHAT_JSAPI === 'on' && !mp)
    return 'WeChat Pay JSAPI (PAY_WECHAT_JSAPI=on): set WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET, or PAY_WECHAT_JSAPI=off';
  return null;
}
