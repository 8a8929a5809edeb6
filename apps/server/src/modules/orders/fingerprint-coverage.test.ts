import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Session } from '../../../test/helpers.ts';
import { createdOrder, useAppWithMembers } from '../../../test/member-apps.ts';
import { memberPhoto, person } from './test-kit.ts';
import { buildOrderList } from './list-cache.ts';
import { orderWithDetails } from './service.ts';

/**
 * The kept member list and order page are right only while the database's fingerprints
 * (member_order_list_fingerprint, order_fingerprint; migration freshness_fingerprints) cover every
 * table their builds read: a write to a table outside them would leave a kept answer stale. This
 * reads the statements the builds send to the database and the functions' own text, and fails
 * when a build reads a table its fingerprint does not name.
 */

let app: FastifyInstance;
let me: Session;

useAppWithMembers(
  (t) => {
    ({ app, me } = t);
  },
  { orders: true, consent: true, profiles: [{ name: '张三', isFirst: false }] },
);

/** The tables a statement reads: every name after FROM or JOIN (drizzle quotes them). */
function tablesOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)) out.add(m[1]!.toLowerCase());
  return out;
}

/** The statements sent while fn runs, through the app's database client (PGlite or node-postgres' pool). */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const client = (app.ctx.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await fn();
    return spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string }).text ?? '')));
  } finally {
    spy.mockRestore();
  }
}

async function fingerprintTables(name: string): Promise<Set<string>> {
  const r = await app.ctx.db.execute<{ prosrc: string }>(sql`select prosrc from pg_proc where proname = ${name}`);
  const rows = (r as unknown as { rows: { prosrc: string }[] }).rows;
  expect(rows, name).toHaveLength(1);
  return tablesOf(rows[0]!.prosrc);
}

const union = (texts: string[]) => new Set(texts.flatMap((t) => [...tablesOf(t)]));

describe('the fingerprints of the kept list and page', () => {
  it('name every table the member list and the order page read', async () => {
    const id = await createdOrder(app, me, person(await memberPhoto(app, me.memberId)));
    const listFp = await fingerprintTables('member_order_list_fingerprint');
    const pageFp = await fingerprintTables('order_fingerprint');
    expect([...listFp].sort()).toEqual(expect.arrayContaining(['order_details', 'orders', 'refunds']));

    const list = await statementsOf(async () => {
      for (const kind of ['individual', 'reprint'] as const) await buildOrderList(app.ctx, me.memberId, kind, 'zh');
    });
    const page = await statementsOf(() => orderWithDetails(app.ctx, me.memberId, id, 'zh'));
    // The builds did read (a spy that saw nothing would prove nothing).
    expect(union(list)).toContain('orders');
    expect(union(page)).toContain('orders');

    const uncovered = (read: Set<string>, fp: Set<string>) => [...read].filter((t) => !fp.has(t)).sort();
    expect(uncovered(union(list), listFp), 'tables the list reads outside member_order_list_fingerprint').toEqual([]);
    expect(uncovered(union(page), pageFp), 'tables the order page reads outside order_fingerprint').toEqual([]);
  });

  it('would see a table outside the fingerprint', () => {
    const fp = tablesOf('SELECT 1 FROM orders o JOIN order_details d ON d.order_id = o.id');
    const read = tablesOf('select "id" from "orders" left join "payments" on "payments"."order_id" = "orders"."id"');
    expect([...read].filter((t) => !fp.has(t))).toEqual(['payments']);
  });
});
