import type { AppContext } from '../../context.ts';
import { SandboxOAuth, type OAuthParty } from '../../providers/oauth.ts';
import { WechatOAuth } from '../../providers/oauth-wechat.ts';

const cache = new WeakMap<AppContext, OAuthParty | null>();

/**
 * The party of an app: WeChat when WECHAT_APP_ID/_SECRET are set; else the sandbox in demo mode;
 * else none (production without the settings: third-party login is off, never the sandbox).
 */
export function oauthFor(ctx: AppContext): OAuthParty | null {
  let p = cache.get(ctx);
  if (p === undefined) {
    p = ctx.config.wechat ? new WechatOAuth(ctx.config.wechat) : ctx.config.demo ? new SandboxOAuth(ctx.db) : null;
    cache.set(ctx, p);
  }
  return p;
}
