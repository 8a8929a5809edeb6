import type { AppContext } from '../../context.ts';
import type { OAuthParty } from '../../providers/oauth.ts';

/**
 * The party of an app (built in providers/index.ts): WeChat when WECHAT_APP_ID/_SECRET are set;
 * else the sandbox in demo mode; else none (production without the settings: third-party login is off).
 */
export function oauthFor(ctx: AppContext): OAuthParty | null {
  return ctx.oauth;
}
