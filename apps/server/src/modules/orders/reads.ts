import { and, asc, desc, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { directStatement, type PgQueryable } from '../../db/direct-statement.ts';
import { members, orderDetails, orders, photos } from '../../db/schema.ts';

/**
 * The member's hot reads (order list and order page), each one prepared statement:
 * at the season's peak these are most of the traffic, so they are built once per
 * database, planned once per connection, and fetch the lines' names, refund status
 * and photo keys in the same round trip instead of one query per part. Each function takes
 * the statements prepared for the app's database (app.ctx.memberReads).
 */

// Drizzle writes a column of a one-table select unqualified ("id"), which inside a subquery
// would name the subquery's own column; so the outer order is named as orders.id in the text.

/** Latest refund of an order that was not cancelled (its status is the order's refundStatus). */
const refundStatus = sql<
  number | null
>`(select r.status from refunds r where r.order_id = orders.id and not r.cancelled order by r.id desc limit 1)`;

/** The lines of an order in id order as [name, picAllowState] pairs; enough for the list. */
const linesBrief = sql<
  [string, number][]
>`(select coalesce(json_agg(json_build_array(d.name, d.pic_allow_state) order by d.id), '[]'::json) from order_details d where d.order_id = orders.id)`;

/**
 * What the member's list shows, as one short text: for its orders, their lines and their
 * refunds, the count of rows and the sum of a 64-bit hash of each row's id and xmin. A row's
 * xmin is the transaction that wrote its current version, so any committed insert, update or
 * delete below the list changes the text (the same idea as xmin as an optimistic-concurrency
 * token); a change that left a sum equal would need two 64-bit hashes to cancel. Computed by a
 * function in the database (migration freshness_fingerprints), so that the freshness read, which
 * leaves it out while nothing has changed, does not set up its subqueries on every call.
 */
const listFingerprint = (kind: Placeholder) => sql<string>`member_order_list_fingerprint(members.id, ${kind})`;

/**
 * The same idea for one order's page: its row, its lines, its refunds and its lines' photos
 * (a replaced photo changes the line's picture). The function order_fingerprint, as above.
 */
const orderFingerprint = (orderId: Placeholder) => sql<string>`order_fingerprint(${orderId})`;

/**
 * The caller's session is open and its member active (read from the member's own row). The
 * member's columns are written qualified by hand: drizzle writes members.id as a bare "id",
 * which inside the subquery names the session's own id, and the test then held only for a
 * session whose id happened to equal its member's (order-page-cache.test.ts, two devices).
 */
const sessionLive = () =>
  sql<boolean>`(members.status = 'active' and exists (select 1 from sessions s where s.id = ${sql.placeholder('sessionId')} and s.member_id = members.id and s.ended_at is null))`;

/**
 * The member's hot reads, prepared for one database: built once when the app is (context.ts
 * memberReads). pool: node-postgres' pool on PostgreSQL, for the reads every member request runs
 * (db/direct-statement.ts).
 */
export function prepareMemberReads(db: Db, pool?: PgQueryable) {
  const memberId = sql.placeholder('memberId');
  const ofMemberKind = and(eq(orders.memberId, memberId), eq(orders.kind, sql.placeholder('kind')));
  // A freshness read, from the member's own row: the database's snapshot, the fingerprint only when
  // the snapshot moved since the one given, and whether the caller's session is open.
  const freshness = (name: string, fingerprint: SQL<string>) =>
    directStatement(
      pool,
      name,
      ['snapshot', 'fingerprint', 'sessionLive'],
      db
        .select({
          snapshot: sql<string>`pg_current_snapshot()::text`,
          fingerprint: sql<
            string | null
          >`case when pg_current_snapshot()::text = ${sql.placeholder('since')} then null else ${fingerprint} end`,
          sessionLive: sessionLive(),
        })
        .from(members)
        .where(eq(members.id, memberId)),
    );
  return {
    // Read from the member's own row, so the aggregates run once and name members.id.
    listFingerprint: db
      .select({ fingerprint: listFingerprint(sql.placeholder('kind')) })
      .from(members)
      .where(eq(members.id, memberId))
      .prepare('member_order_list_fingerprint'),
    // The same, and whether the caller's session is still open and its member active: the list's
    // one round trip also confirms a session the guard took from memory. With the database's
    // snapshot: when it is the one given (since), no transaction has committed or begun writing
    // anywhere in the database since, and the aggregates are not run (a CASE branch not taken).
    listFingerprintWithSession: freshness(
      'member_order_list_fingerprint_session',
      listFingerprint(sql.placeholder('kind')),
    ),
    // The snapshot alone, read from the member's row: for the embedded database (PGlite), which
    // plans every statement anew, so the long statements above cost more to plan than to run.
    snapshot: db
      .select({ snapshot: sql<string>`pg_current_snapshot()::text` })
      .from(members)
      .where(eq(members.id, memberId))
      .prepare('member_snapshot'),
    // The order page's fingerprint, with the snapshot and the session as for the list.
    orderFingerprintWithSession: freshness(
      'member_order_fingerprint_session',
      orderFingerprint(sql.placeholder('orderId')),
    ),
    orderFingerprint: db
      .select({ fingerprint: orderFingerprint(sql.placeholder('orderId')) })
      .from(members)
      .where(eq(members.id, memberId))
      .prepare('member_order_fingerprint'),
    list: db
      .select({ ...getTableColumns(orders), refundStatus, lines: linesBrief })
      .from(orders)
      .where(ofMemberKind)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .prepare('member_order_list'),
    order: db
      .select({ ...getTableColumns(orders), refundStatus })
      .from(orders)
      .where(eq(orders.id, sql.placeholder('id')))
      .limit(1)
      .prepare('member_order_one'),
    // The order page in one round trip: the order's columns on each of its lines (a few), or
    // once with no line. The line's own id tells a missing line from a present one.
    orderWithLines: db
      .select({
        order: { ...getTableColumns(orders), refundStatus },
        line: { ...getTableColumns(orderDetails), storageKey: photos.storageKey },
      })
      .from(orders)
      .leftJoin(orderDetails, eq(orderDetails.orderId, orders.id))
      .leftJoin(photos, eq(photos.id, orderDetails.photoId))
      .where(eq(orders.id, sql.placeholder('id')))
      .orderBy(asc(orderDetails.id))
      .prepare('member_order_with_lines'),
    lines: db
      .select({ ...getTableColumns(orderDetails), storageKey: photos.storageKey })
      .from(orderDetails)
      .leftJoin(photos, eq(photos.id, orderDetails.photoId))
      .where(eq(orderDetails.orderId, sql.placeholder('orderId')))
      .orderBy(asc(orderDetails.id))
      .prepare('member_order_lines'),
  };
}

export type MemberReads = ReturnType<typeof prepareMemberReads>;

export function memberOrderList(reads: MemberReads, memberId: number, kind: 'individual' | 'reprint') {
  return reads.list.execute({ memberId, kind });
}

/** Changes whenever anything memberOrderList answers changes (list-cache.ts relies on it). */
export async function memberOrderListFingerprint(
  reads: MemberReads,
  memberId: number,
  kind: 'individual' | 'reprint',
): Promise<string> {
  const [row] = await reads.listFingerprint.execute({ memberId, kind });
  return row?.fingerprint ?? ''; // no such member, so no orders either
}

/**
 * memberOrderListFingerprint, and whether the session is still open and its member active, in the
 * same round trip. The guard may have taken the session from this instance's memory, which learns
 * of an end on another instance by a notification a few milliseconds later; the list, a read that
 * goes to the database anyway, so never answers a session ended anywhere before it was asked.
 *
 * With the database's current snapshot (xmin:xmax:in-progress ids): given the snapshot of an
 * earlier call as since, the fingerprint is null when the snapshot is still the same, i.e. no
 * transaction has committed or taken a transaction id since, so nothing under the list can differ.
 * embedded: see embeddedFreshness.
 */
export async function memberOrderListFreshness(
  reads: MemberReads,
  q: { memberId: number; sessionId: number; kind: 'individual' | 'reprint'; since: string },
  opts: { embedded?: boolean } = {},
): Promise<{ snapshot: string; fingerprint: string | null; sessionLive: boolean }> {
  if (opts.embedded) return embeddedFreshness(reads, q, () => memberOrderListFingerprint(reads, q.memberId, q.kind));
  const [row] = await reads.listFingerprintWithSession.execute(q);
  if (!row) return { snapshot: '', fingerprint: '', sessionLive: false }; // no such member
  return { snapshot: row.snapshot, fingerprint: row.fingerprint, sessionLive: row.sessionLive === true };
}

/**
 * The freshness read on the embedded database (PGlite): the snapshot first, and the fingerprint
 * only when it moved (one statement while nothing changed, two after a change). The session is
 * not read again: this process is the only one with the database open, its session cache follows
 * the notifications of every commit, made in this same process before the writer resumes, so the
 * session the guard accepted is the one in the database. A member no longer there is not live.
 */
async function embeddedFreshness(
  reads: MemberReads,
  q: { memberId: number; since: string },
  fingerprint: () => Promise<string>,
): Promise<{ snapshot: string; fingerprint: string | null; sessionLive: boolean }> {
  const [head] = await reads.snapshot.execute(q);
  if (!head) return { snapshot: '', fingerprint: '', sessionLive: false };
  if (head.snapshot === q.since) return { snapshot: head.snapshot, fingerprint: null, sessionLive: true };
  return { snapshot: head.snapshot, fingerprint: await fingerprint(), sessionLive: true };
}

/**
 * memberOrderListFreshness for one order's page (orderId): the snapshot, whether the session is
 * live, and the order's fingerprint when the snapshot moved since the one given.
 */
export async function memberOrderFreshness(
  reads: MemberReads,
  q: { memberId: number; sessionId: number; orderId: number; since: string },
  opts: { embedded?: boolean } = {},
): Promise<{ snapshot: string; fingerprint: string | null; sessionLive: boolean }> {
  if (opts.embedded)
    return embeddedFreshness(reads, q, async () => (await reads.orderFingerprint.execute(q))[0]?.fingerprint ?? '');
  const [row] = await reads.orderFingerprintWithSession.execute(q);
  if (!row) return { snapshot: '', fingerprint: '', sessionLive: false };
  return { snapshot: row.snapshot, fingerprint: row.fingerprint, sessionLive: row.sessionLive === true };
}

/** One order with its refund status; the caller checks it belongs to the member. */
export async function orderWithRefund(reads: MemberReads, id: number) {
  const [o] = await reads.order.execute({ id });
  return o ?? null;
}

/** The lines of an order with their photos' storage keys (for signed URLs). */
export function orderLines(reads: MemberReads, orderId: number) {
  return reads.lines.execute({ orderId });
}

type OrderLine = Awaited<ReturnType<typeof orderLines>>[number];

/** One order with its refund status and its lines with their photos' storage keys, in one round trip. */
export async function orderWithLines(reads: MemberReads, id: number) {
  const rows = await reads.orderWithLines.execute({ id });
  if (!rows.length) return { order: null, lines: [] as OrderLine[] };
  const lines: OrderLine[] = [];
  for (const r of rows) if (r.line && r.line.id !== null) lines.push(r.line as OrderLine);
  return { order: rows[0]!.order, lines };
}
