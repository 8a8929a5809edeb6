import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { oauthStates } from '../db/schema.ts';
import { randomToken } from '../lib/crypto.ts';
import { badRequest } from '../lib/errors.ts';

/** Who the third party says the user is. The access token lives only for the user-info call. */
export interface OAuthIdentity {
  openId: string;
  unionId?: string;
  accessToken?: string;
}

/**
 * Why a call to the party failed: `code` (the code is bad, used or expired: sign in again),
 * `timeout`, or `failed` (an error answer, an unreadable one, the network). `detail` is for
 * the log and never carries a secret or a token.
 */
export class OAuthError extends Error {
  constructor(
    readonly reason: 'code' | 'timeout' | 'failed',
    readonly detail: string,
    readonly errcode?: number,
  ) {
    super(detail);
  }
}

/** The third-party login party (see ARCHITECTURE.md, "Outside parties"): authorise URL for a state, code exchange, user info. */
export interface OAuthParty {
  readonly kind: 'sandbox' | 'wechat';
  /** Where the browser goes to sign in; the party sends it back to /loading?code&state. */
  authorizeUrl(state: string): string;
  /** Throws OAuthError. */
  exchangeCode(code: string): Promise<OAuthIdentity>;
  /** The nickname, when the party gives one (best effort: throws OAuthError). */
  nickname(id: OAuthIdentity): Promise<string | undefined>;
}

/**
 * The sandbox consent page's party: its confirm writes a one-time code and the chosen openId on
 * the state's row, and the exchange reads them back (the service binds the code to its state).
 */
export class SandboxOAuth implements OAuthParty {
  readonly kind = 'sandbox' as const;
  constructor(private readonly db: Db) {}

  authorizeUrl(state: string): string {
    return `/sandbox/oauth/authorize?state=${encodeURIComponent(state)}`;
  }

  /** What the consent page's confirm does: a one-time code for the state; answers the /loading URL. */
  async confirm(state: string, openId: string): Promise<string> {
    const code = randomToken(16);
    const done = await this.db
      .update(oauthStates)
      .set({ code, openId })
      .where(
        and(
          eq(oauthStates.state, state),
          isNull(oauthStates.usedAt),
          isNull(oauthStates.code),
          gt(oauthStates.expiresAt, new Date()),
        ),
      )
      .returning({ state: oauthStates.state });
    if (!done.length) throw badRequest('oauth.stateInvalid');
    return `/loading?code=${code}&state=${encodeURIComponent(state)}`;
  }

  async exchangeCode(code: string): Promise<OAuthIdentity> {
    const [row] = await this.db
      .select({ openId: oauthStates.openId })
      .from(oauthStates)
      .where(and(eq(oauthStates.code, code), isNotNull(oauthStates.openId)))
      .limit(1);
    if (!row?.openId) throw new OAuthError('code', 'sandbox: unknown code');
    return { openId: row.openId };
  }

  async nickname(): Promise<string | undefined> {
    return undefined;
  }
}
