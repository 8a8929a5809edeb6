import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { forgetMemberSessions, type SessionOwner } from '../../http/session-cache.ts';

/** A new session: the token (256 random bits) is kept only as its hash. */
export async function startSession(db: Db, memberId: number, meta: { ip?: string; userAgent?: string } = {}) {
  const token = randomToken();
  const randomKey = randomToken(16);
  await db
    .insert(sessions)
    .values({ memberId, tokenHash: sha256(token), randomKey, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) });
  return { token, randomKey };
}

export async function endSession(ctx: SessionOwner, sessionId: number, reason: string): Promise<void> {
  const ended = await ctx.db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)))
    .returning({ memberId: sessions.memberId });
  for (const { memberId } of ended) forgetMemberSessions(ctx, memberId);
}

/** Ends every live session of a member (mobile change, deactivation). */
export async function endAllSessions(ctx: SessionOwner, memberId: number, reason: string): Promise<void> {
  await ctx.db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.endedAt)));
  forgetMemberSessions(ctx, memberId);
}
