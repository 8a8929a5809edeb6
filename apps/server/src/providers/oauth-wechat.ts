import { z } from 'zod';
import type { WechatConfig } from '../config.ts';
import { OAuthError, type OAuthIdentity, type OAuthParty } from './oauth.ts';

/** WeChat's answers to a code that cannot be exchanged: the user has to sign in again. */
const CODE_ERRORS = new Set([
  40029, // invalid code
  40163, // code been used
  42003, // code expired
  41008, // missing code
]);

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  openid: z.string().min(1).max(64),
  unionid: z.string().min(1).max(64).optional(),
});
const userAnswer = z.object({ openid: z.string(), nickname: z.string().optional() });
const errorAnswer = z.object({ errcode: z.number().refine((c) => c !== 0), errmsg: z.string().optional() });

/**
 * WeChat open-platform website login (QR connect): the authorise URL, the code -> access_token /
 * openid / unionid exchange and the user info. Every failure is an OAuthError naming what failed;
 * neither the app secret nor an access token ever goes into one (the calls' URLs carry them).
 */
export class WechatOAuth implements OAuthParty {
  readonly kind = 'wechat' as const;

  constructor(
    private readonly c: WechatConfig,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  authorizeUrl(state: string): string {
    const q = new URLSearchParams({
      appid: this.c.appId,
      redirect_uri: this.c.redirectUri,
      response_type: 'code',
      scope: 'snsapi_login',
      state,
    });
    return `https://open.weixin.qq.com/connect/qrconnect?${q.toString()}#wechat_redirect`;
  }

  async exchangeCode(code: string): Promise<OAuthIdentity> {
    const body = await this.get('/sns/oauth2/access_token', {
      appid: this.c.appId,
      secret: this.c.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    const ok = tokenAnswer.safeParse(body);
    if (!ok.success) throw new OAuthError('failed', 'token answer lacks access_token or openid');
    return { openId: ok.data.openid, unionId: ok.data.unionid, accessToken: ok.data.access_token };
  }

  async nickname(id: OAuthIdentity): Promise<string | undefined> {
    if (!id.accessToken) return undefined;
    // Best effort and shorter: the login goes on without a nickname.
    const body = await this.get(
      '/sns/userinfo',
      { access_token: id.accessToken, openid: id.openId, lang: 'zh_CN' },
      Math.min(this.c.timeoutMs, 5000),
    );
    const ok = userAnswer.safeParse(body);
    return ok.success && ok.data.openid === id.openId ? ok.data.nickname?.slice(0, 64) : undefined;
  }

  /** One GET bounded by the timeout; WeChat answers JSON (often labelled text/plain), errors as errcode/errmsg. */
  private async get(path: string, query: Record<string, string>, timeoutMs = this.c.timeoutMs): Promise<unknown> {
    const url = `${this.c.apiUrl.replace(/\/+$/, '')}${path}?${new URLSearchParams(query).toString()}`;
    let text: string;
    let status: number;
    try {
      const res = await this.fetchFn(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      status = res.status;
      text = await res.text();
    } catch (e) {
      const name = (e as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new OAuthError('timeout', `${path} timed out after ${timeoutMs} ms`);
      throw new OAuthError('failed', `${path} network error`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OAuthError('failed', `${path} answered HTTP ${status} with a body that is not JSON`);
    }
    const err = errorAnswer.safeParse(body);
    if (err.success) {
      const { errcode, errmsg } = err.data;
      throw new OAuthError(
        CODE_ERRORS.has(errcode) ? 'code' : 'failed',
        `${path} errcode ${errcode}: ${(errmsg ?? '').slice(0, 120)}`,
        errcode,
      );
    }
    if (status < 200 || status >= 300) throw new OAuthError('failed', `${path} answered HTTP ${status}`);
    return body;
  }
}
