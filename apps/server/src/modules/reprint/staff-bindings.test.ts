import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { call, staffCall, memberSession, staffSession, useTestApp, staffHeaders } from '../../../test/helpers.ts';
import { bindings, members } from '../../db/schema.ts';

let app: FastifyInstance;

useTestApp((built) => (app = built));

describe('unbinding requests', () => {
  it('approves a pending request (-> 3) and refuses another (-> 1), once', async () => {
    const m = await memberSession(app);
    const [b1] = await app.ctx.db
      .insert(bindings)
      .values({ memberId: m.memberId, yxdm: '10001', studentId: 'S1', state: 2 })
      .returning();
    const [b2] = await app.ctx.db
      .insert(bindings)
      .values({ memberId: m.memberId, yxdm: '10001', studentId: 'S2', state: 2 })
      .returning();
    const reviewer = await staffSession(app, 'reviewer');
    const list = await staffCall<{ id: number; memberMobile: string }[]>(
      app,
      reviewer.token,
      '/api/console/bindings?state=2',
    );
    expect(list.data.map((r) => r.id)).toEqual(expect.arrayContaining([b1.id, b2.id]));
    const mem = (await app.ctx.db.select().from(members).where(eq(members.id, m.memberId)))[0];
    expect(list.data.find((r) => r.id === b1.id)!.memberMobile).toBe(mem.mobile);
    await call(app, {
      method: 'POST',
      url: `/api/console/bindings/${b1.id}/approve`,
      headers: staffHeaders(reviewer.token),
    });
    await call(app, {
      method: 'POST',
      url: `/api/console/bindings/${b2.id}/refuse`,
      headers: staffHeaders(reviewer.token),
    });
    const states = await app.ctx.db.select().from(bindings).where(eq(bindings.memberId, m.memberId));
    expect(states.find((s) => s.id === b1.id)!.state).toBe(3);
    expect(states.find((s) => s.id === b2.id)!.state).toBe(1);
    const twice = await call(app, {
      method: 'POST',
      url: `/api/console/bindings/${b1.id}/refuse`,
      headers: staffHeaders(reviewer.token),
    });
    expect(twice.code).toBe(409);
  });
});
