import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ORDER_STATE, paidStateFor } from '@portal/contract/order-states';
import { call, memberSession, testApp } from '../../../test/helpers.ts';
import { auditLog, orders, payments, tasks } from '../../db/schema.ts';
import { photoOf, seedTaskFixtures } from '../task/test-fixtures.ts';
import { DEMO_CODES } from '../task/seed.ts';

/** Test code: the tests and the kits and fixtures that set their rows up directly. */
const TEST_CODE = /(\.test\.ts|\.testkit\.ts|\/test-kit\.ts|\/test-fixtures\.ts)$/;

/** Server source files (not test code) whose text matches the pattern. */
async function filesMatching(re: RegExp): Promise<string[]> {
  const root = new URL('../../', import.meta.url).pathname;
  const out: string[] = [];
  for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    if (!e.isFile() || !e.name.endsWith('.ts') || TEST_CODE.test(path)) continue;
    if (re.test(await readFile(path, 'utf8'))) out.push(relative(root, path));
  }
  return out.sort();
}

describe('one life for an order', () => {
  it('an order begins in one place, and audit rows are written by one writer', async () => {
    expect(await filesMatching(/\.insert\(\s*orders\s*\)/)).toEqual(['modules/orders/repo.ts']);
    expect(await filesMatching(/\.insert\(\s*auditLog\s*\)/)).toEqual(['modules/staff/audit.ts']);
    // The creators call createOrder, which takes no state; no module writes a state on insert.
    expect(await filesMatching(/\binsertOrder\b/)).toEqual([]);
  });
});

describe('a free centralised order', () => {
  let app: FastifyInstance;
  let fx: Awaited<ReturnType<typeof seedTaskFixtures>>;
  beforeAll(async () => {
    app = await testApp();
    fx = await seedTaskFixtures(app);
    await app.ctx.db.update(tasks).set({ priceFen: 0 }).where(eq(tasks.id, fx.pku.id));
  });
  afterAll(async () => app.close());

  it('is paid through the pay transition: a zero payment row and the order.pay audit row of the member', async () => {
    const s = await memberSession(app);
    const r = await call<{ id: number; orderNo: string }>(app, {
      method: 'POST',
      url: '/api/taskOrder/create',
      session: s,
      payload: {
        name: '王小明',
        idType: 1,
        idNum: '440305199903150028',
        studentId: '440305199903150028',
        major: '计算机科学与技术',
        sex: 0,
        education: 2,
        xllb: 1,
        schoolType: 1,
        yxdm: '10001',
        mobile: '13912345678',
        mail: 'wang@x',
        picUrl: await photoOf(app, s.memberId),
        taskId: fx.pku.id,
        signature: DEMO_CODES.pku,
      },
    });
    expect(r.code).toBe(200);
    const [o] = await app.ctx.db.select().from(orders).where(eq(orders.id, r.data.id));
    expect([o.state, o.totalFen, o.orderNo]).toEqual([paidStateFor('task'), 0, r.data.orderNo]);
    expect(o.payTime).toBeInstanceOf(Date);
    const pays = await app.ctx.db.select().from(payments).where(eq(payments.orderId, o.id));
    expect(pays.map((p) => [p.provider, p.state, p.amountFen])).toEqual([['zero', 'paid', 0]]);
    const rows = await app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetKind, 'order'), eq(auditLog.targetId, String(o.id))));
    expect(rows.map((a) => [a.action, a.actorKind, a.actorId, a.before, a.after])).toEqual([
      ['order.pay', 'member', s.memberId, { state: ORDER_STATE.PENDING_PAYMENT }, { state: paidStateFor('task') }],
    ]);
  });
});
