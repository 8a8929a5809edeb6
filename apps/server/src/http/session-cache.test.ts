import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { members, sessions } from '../db/schema.ts';
import { call, memberSession, testApp, type Session } from '../../test/helpers.ts';
import { updateMember } from '../modules/member/repo.ts';
import { CODE } from '@portal/contract/envelope';
import { SessionCache, type SessionRow } from './session-cache.ts';

const row = (memberId: number, sessionId = memberId): SessionRow => ({
  sessionId,
  memberId,
  randomKey: 'k',
  lastSeenAt: new Date(),
  isFirst: false,
  status: 'active',
  mobile: null,
  mail: null,
});

describe('SessionCache', () => {
  it('serves nothing until its notifications are followed, and drops everything when they stop', () => {
    const c = new SessionCache();
    c.put('a', row(1), c.ticket());
    expect(c.get('a')).toBeUndefined();
    c.setLive(true);
    c.put('a', row(1), c.ticket());
    expect(c.get('a')?.memberId).toBe(1);
    c.setLive(false);
    expect(c.size).toBe(0);
    c.setLive(true);
    expect(c.get('a')).toBeUndefined();
  });

  it('forgets every session of a member and only that member', () => {
    const c = new SessionCache();
    c.setLive(true);
    c.put('a1', row(1, 10), c.ticket());
    c.put('a2', row(1, 11), c.ticket());
    c.put('b', row(2), c.ticket());
    c.forgetMember(1);
    expect([c.get('a1'), c.get('a2')]).toEqual([undefined, undefined]);
    expect(c.get('b')?.memberId).toBe(2);
  });

  it('does not store a row read before a forget (it may be the row as it was before the write)', () => {
    const c = new SessionCache();
    c.setLive(true);
    const ticket = c.ticket(); // a lookup starts reading
    c.forgetMember(1); // a logout commits meanwhile
    c.put('a', row(1), ticket); // the lookup's read arrives
    expect(c.get('a')).toBeUndefined();
  });

  it('lets an entry live a bounded time', () => {
    vi.useFakeTimers();
    try {
      const c = new SessionCache();
      c.setLive(true);
      c.put('a', row(1), c.ticket());
      vi.advanceTimersByTime(61_000);
      expect(c.get('a')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the auth guard with cached sessions (one instance)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(async () => app.close());
  const listCode = async (s: Session) => (await call(app, { url: '/api/order/findOrderList?type=1', session: s })).code;

  it('keeps a used session in memory and refuses it right after a logout', async () => {
    const me = await memberSession(app, undefined, { isFirst: false });
    expect(await listCode(me)).toBe(200);
    expect(app.ctx.sessionCache.size).toBeGreaterThan(0);
    expect((await call(app, { method: 'POST', url: '/api/login/exit', payload: {}, session: me })).code).toBe(200);
    expect(await listCode(me)).toBe(CODE.NOT_LOGGED_IN);
  });

  // A write that bypasses this instance's code (SQL by hand, another instance) arrives as a
  // notification: at once on PGlite, within milliseconds on PostgreSQL.
  async function becomes(s: Session, code: number): Promise<void> {
    const deadline = Date.now() + 2_000;
    while ((await listCode(s)) !== code) {
      if (Date.now() > deadline) throw new Error(`still not ${code} after 2 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('refuses a session soon after a change written straight to the database', async () => {
    const me = await memberSession(app, undefined, { isFirst: false });
    expect(await listCode(me)).toBe(200);
    await app.ctx.db.update(members).set({ status: 'deactivated' }).where(eq(members.id, me.memberId));
    await becomes(me, CODE.NOT_LOGGED_IN);

    const other = await memberSession(app, undefined, { isFirst: false });
    expect(await listCode(other)).toBe(200);
    await app.ctx.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.memberId, other.memberId));
    await becomes(other, CODE.NOT_LOGGED_IN);
  });

  // The embedded database skips the list's own session check (orders/reads.ts embeddedFreshness):
  // that is sound only because the notification of a write has reached the cache before the
  // writer's await resumes, so the very next read, with no wait, is already refused.
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'on the embedded database, refuses on the very next read after a write by hand, with no wait',
    async () => {
      for (let i = 0; i < 20; i++) {
        const me = await memberSession(app, undefined, { isFirst: false });
        expect(await listCode(me)).toBe(200);
        expect(await listCode(me)).toBe(200); // the second from the cache
        await app.ctx.db.update(sessions).set({ endedAt: new Date() }).where(eq(sessions.memberId, me.memberId));
        expect(await listCode(me)).toBe(CODE.NOT_LOGGED_IN);
      }
    },
  );

  it('sees a completed profile: at once when this instance wrote it, soon when written by hand', async () => {
    const me = await memberSession(app, undefined, { isFirst: true });
    expect(await listCode(me)).toBe(403);
    await updateMember(app.ctx, me.memberId, { isFirst: false });
    expect(await listCode(me)).toBe(200);
    await app.ctx.db.update(members).set({ isFirst: true }).where(eq(members.id, me.memberId));
    await becomes(me, 403);
  });
});
