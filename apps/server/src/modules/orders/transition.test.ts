import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_STATE } from '@portal/contract/order-states';
import { auditLog, orders } from '../../db/schema.ts';
import { memberSession, testApp } from '../../../test/helpers.ts';
import { createDevOrder } from '../dev/dev-orders.ts';
import { orderById } from './repo.ts';
import { transition } from './transition.ts';

let app: FastifyInstance;
let mobile: string;
let memberId: number;

beforeAll(async () => {
  app = await testApp();
  ({ mobile, memberId } = await memberSession(app));
});
afterAll(async () => app.close());

const audits = (id: number) =>
  app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetKind, 'order'), eq(auditLog.targetId, String(id))));

/** Runs one transition on a locked order and answers the row afterwards (or the error's status). */
async function move(id: number, event: Parameters<typeof transition>[2], details = {}) {
  try {
    await app.ctx.db.transaction(async (tx) => {
      const o = (await orderById(tx, id, true))!;
      await transition(tx, o, event, { kind: 'member', memberId }, details);
    });
  } catch (e) {
    return { status: (e as { status?: number }).status };
  }
  return { row: (await orderById(app.ctx.db, id))! };
}

describe('transition: the one writer of an order state', () => {
  it('pay moves each kind to its paid state, with pay time, pay type and an audit row of the member', async () => {
    for (const [kind, paid] of [
      ['individual', ORDER_STATE.PAID],
      ['reprint', ORDER_STATE.TO_BE_MADE],
      ['task', ORDER_STATE.PENDING_REVIEW],
    ] as const) {
      const o = await createDevOrder(app.ctx, { mobile, kind });
      const { row } = await move(o.id, 'pay', { payType: 2 });
      expect([row!.state, row!.payType, !!row!.payTime]).toEqual([paid, 2, true]);
      const [a] = await audits(o.id);
      expect([a.action, a.actorKind, a.actorId, a.before, a.after]).toEqual([
        'order.pay',
        'member',
        memberId,
        { state: ORDER_STATE.PENDING_PAYMENT },
        { state: paid },
      ]);
    }
  });

  it('refuses an event the state does not permit with 409 and writes nothing', async () => {
    const o = await createDevOrder(app.ctx, { mobile, kind: 'individual', state: ORDER_STATE.SHIPPED });
    expect(await move(o.id, 'approve')).toEqual({ status: 409 });
    expect(await move(o.id, 'closeUnpaid')).toEqual({ status: 409 });
    expect((await orderById(app.ctx.db, o.id))!.state).toBe(ORDER_STATE.SHIPPED);
    expect(await audits(o.id)).toEqual([]);
  });

  it('every close writes the closed time; a reprint is never sent back to review', async () => {
    const a = await createDevOrder(app.ctx, { mobile, kind: 'individual' });
    const closed = (await move(a.id, 'closeUnpaid')).row!;
    expect([closed.state, !!closed.closedAt]).toEqual([ORDER_STATE.CLOSED, true]);
    const b = await createDevOrder(app.ctx, { mobile, kind: 'task', state: ORDER_STATE.REJECTED });
    const refunded = (await move(b.id, 'closeRefunded')).row!;
    expect([refunded.state, !!refunded.closedAt]).toEqual([ORDER_STATE.CLOSED, true]);
    const c = await createDevOrder(app.ctx, { mobile, kind: 'reprint', state: ORDER_STATE.REJECTED });
    expect(await move(c.id, 'resubmit')).toEqual({ status: 409 });
    const d = await createDevOrder(app.ctx, { mobile, kind: 'task', state: ORDER_STATE.REJECTED });
    await app.ctx.db.update(orders).set({ refuseReason: '背景不合格' }).where(eq(orders.id, d.id));
    const back = (await move(d.id, 'resubmit')).row!;
    expect([back.state, back.refuseReason]).toEqual([ORDER_STATE.PENDING_REVIEW, null]);
  });
});

/** Test code: the tests and the kits and fixtures that set their rows up directly. */
const TEST_CODE = /(\.test\.ts|\.testkit\.ts|\/test-kit\.ts|\/test-fixtures\.ts)$/;

/** Server source files (not test code) that write the orders table. */
async function orderWriters(): Promise<string[]> {
  const root = new URL('../../', import.meta.url).pathname;
  const out: string[] = [];
  for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    if (!e.isFile() || !e.name.endsWith('.ts') || TEST_CODE.test(path)) continue;
    const text = await readFile(path, 'utf8');
    if (/\.(update|insert|delete)\(\s*orders\s*\)/.test(text)) out.push(relative(root, path));
  }
  return out.sort();
}

describe('the orders module owns the table', () => {
  it('no file outside modules/orders inserts, updates or deletes orders', async () => {
    const writers = await orderWriters();
    expect(writers.filter((f) => !f.startsWith('modules/orders/'))).toEqual([]);
    expect(writers).toEqual(['modules/orders/repo.ts', 'modules/orders/transition.ts']);
  });
});
