import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memberSession, staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { orders } from '../../db/schema.ts';
import { insertOrder } from '../../../test/order-rows.ts';

let app: FastifyInstance;

useTestApp((built) => (app = built));

describe('dashboard', () => {
  it('counts the review backlog', async () => {
    // Two orders waiting for review, one of them a resubmission (115 and 116), and one already approved.
    const m = await memberSession(app);
    for (const state of [115, 116, 120])
      await insertOrder(
        app,
        { memberId: m.memberId, state },
        { name: '张三', fy: 'BJ', schoolName: '北京大学', yxdm: '10001' },
      );
    const admin = await staffSession(app, 'admin');
    const d = await staffCall<{ reviewBacklog: { count: number }; byState: { state: number; count: number }[] }>(
      app,
      admin.token,
      '/api/console/dashboard',
    );
    expect(d.code).toBe(200);
    const q = (await app.ctx.db.select().from(orders)).filter((o) => o.state === 115 || o.state === 116).length;
    expect(q).toBe(2);
    expect(d.data.reviewBacklog.count).toBe(q);
  });
});
