import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { members, sessions } from '../db/schema.ts';
import { sha256 } from '../lib/crypto.ts';
import { forgetMemberSessions, type SessionOwner, type SessionRow } from './session-cache.ts';
import { AppError, notLoggedIn } from './errors.ts';
import { addRouteOnRequest } from './route-hooks.ts';

export interface MemberContext {
  memberId: number;
  sessionId: number;
  randomKey: string;
  isFirst: boolean;
  mobile: string | null;
  mail: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'member': a logged-in member is required; 'optional': attached when present. */
    auth?: 'member' | 'optional';
    /** A member route that an incomplete profile (isFirst) may still call. */
    allowIncomplete?: boolean;
    /** Member JSON POSTs are signed unless this is false (e.g. multipart uploads). */
    signed?: boolean;
    /**
     * The handler's own database read confirms the session in its round trip (the order list and
     * page, modules/orders/list-cache.ts), so the guard may take the session from this instance's
     * memory. Every other member route reads it from the database on PostgreSQL.
     */
    confirmsSession?: boolean;
  }
  interface FastifyRequest {
    member: MemberContext | null;
  }
}

/** Touch last_seen at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 30_000;

function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1] : null;
}

/** Every member call runs this lookup: prepared once per app (context.ts sessionLookup), planned once per connection. */
export function prepareSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      memberId: sessions.memberId,
      randomKey: sessions.randomKey,
      lastSeenAt: sessions.lastSeenAt,
      isFirst: members.isFirst,
      status: members.status,
      mobile: members.mobile,
      mail: members.mail,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.endedAt)))
    .limit(1)
    .prepare('member_session_lookup');
}

export type SessionLookup = ReturnType<typeof prepareSessionLookup>;

/** What the guard works with, all on the app context: the database, the session cache and the lookup. */
export type GuardOwner = SessionOwner & { sessionLookup: SessionLookup; dbKind: 'pglite' | 'postgres' };

/**
 * The session of a token hash: from this instance's cache when it may be trusted, else the database.
 * The cache learns of a session ended on another instance only when the notification arrives, a few
 * milliseconds after the logout was acknowledged; so on PostgreSQL it is trusted only when the
 * route's own read confirms the session (confirmed), and on the embedded database, which one process
 * owns and whose commits are heard before the writer resumes (see ARCHITECTURE.md, "Growing past one machine").
 */
async function lookup(ctx: GuardOwner, tokenHash: string, confirmed: boolean): Promise<SessionRow | undefined> {
  const cache = ctx.sessionCache;
  const hit = confirmed || ctx.dbKind === 'pglite' ? cache.get(tokenHash) : undefined;
  if (hit) return hit;
  const ticket = cache.ticket();
  const [row] = await ctx.sessionLookup.execute({ tokenHash });
  if (row) cache.put(tokenHash, row, ticket);
  return row;
}

/** Finds the session of a request; ends it when idle past the timeout. Null when none. */
export async function resolveMember(
  ctx: GuardOwner,
  token: string | null,
  memberIdHeader: string | undefined,
  inactivitySeconds: number,
  confirmed = false,
): Promise<MemberContext | null> {
  if (!token) return null;
  const s = await lookup(ctx, sha256(token), confirmed);
  const { db } = ctx;
  if (!s || s.status !== 'active') return null;
  // The memberId header must name the session's member (see ARCHITECTURE.md, "Request path").
  if (String(s.memberId) !== String(memberIdHeader ?? '')) return null;
  const idleMs = Date.now() - s.lastSeenAt.getTime();
  if (idleMs > inactivitySeconds * 1000) {
    await db
      .update(sessions)
      .set({ endedAt: sql`now()`, endReason: 'idle' })
      .where(eq(sessions.id, s.sessionId));
    forgetMemberSessions(ctx, s.memberId);
    return null;
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, s.sessionId));
    forgetMemberSessions(ctx, s.memberId);
  }
  return {
    memberId: s.memberId,
    sessionId: s.sessionId,
    randomKey: s.randomKey,
    isFirst: s.isFirst,
    mobile: s.mobile,
    mail: s.mail,
  };
}

/** The auth guard: Bearer token + memberId header must match a live session. */
export const authPlugin = fp(
  async (app, opts: { ctx: GuardOwner; inactivitySeconds: number }) => {
    app.decorateRequest('member', null);
    const guard = async (
      req: FastifyRequest,
      mode: 'member' | 'optional',
      allowIncomplete: boolean,
      confirmed: boolean,
    ) => {
      const memberHeader = req.headers['memberid'];
      req.member = await resolveMember(
        opts.ctx,
        bearer(req.headers.authorization),
        Array.isArray(memberHeader) ? memberHeader[0] : memberHeader,
        opts.inactivitySeconds,
        confirmed,
      );
      if (mode === 'member') {
        if (!req.member) throw notLoggedIn();
        if (req.member.isFirst && !allowIncomplete) throw new AppError(403, 'profile.mustComplete');
      }
    };
    // Attached to the routes that name a member mode only (route-hooks.ts), as a callback hook.
    app.addHook('onRoute', (r) => {
      const mode = r.config?.auth;
      if (!mode) return;
      const allowIncomplete = r.config?.allowIncomplete === true;
      const confirmed = r.config?.confirmsSession === true;
      addRouteOnRequest(r, (req, _reply, done) => {
        guard(req, mode, allowIncomplete, confirmed).then(() => done(), done);
      });
    });
  },
  { name: 'auth', dependencies: ['lang'] },
);

/** The logged-in member of a member route (the guard has already refused others). */
export function memberOf(req: { member: MemberContext | null }): MemberContext {
  if (!req.member) throw notLoggedIn();
  return req.member;
}
