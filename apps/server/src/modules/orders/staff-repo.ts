import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, orderDetails, orders, schools, tasks } from '../../db/schema.ts';
import { foldSearchText } from '@portal/contract/catalog';
import { branchNameOf } from '../../db/branch-names.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import type { OrderRow } from '@portal/contract/console';
import { orderSearchQuery } from '@portal/contract/console';
import type { z } from 'zod';

export type SearchQuery = z.output<typeof orderSearchQuery>;
type OrderDb = typeof orders.$inferSelect;

/** A branch account sees only orders of its own branch (the fy of its details or task). */
export function branchScope(staff: StaffContext): SQL | undefined {
  if (staff.role === 'school') {
    // A school account's figures (the dashboard) count only its own schools' orders.
    const codes = staff.schools?.length ? staff.schools : ['\u0000'];
    return or(
      sql`exists (select 1 from ${orderDetails} d where d.order_id = ${orders.id} and d.yxdm in ${codes})`,
      sql`exists (select 1 from ${tasks} t where t.id = ${orders.taskId} and t.yxdm in ${codes})`,
    );
  }
  if (staff.role !== 'branch') return undefined;
  const fy = staff.branch ?? '\u0000';
  return or(
    sql`exists (select 1 from ${orderDetails} d where d.order_id = ${orders.id} and d.fy = ${fy})`,
    sql`exists (select 1 from ${tasks} t where t.id = ${orders.taskId} and t.fy = ${fy})`,
  );
}

const detailMatch = (cond: SQL) =>
  sql`exists (select 1 from ${orderDetails} where ${orderDetails.orderId} = ${orders.id} and ${cond})`;

/**
 * The school codes a search for a school means: its code, or every school whose name (folded as the
 * school list folds it) holds the words. Read from the list of schools (a few thousand rows) before
 * the orders are searched, so the orders' query carries the codes themselves and the planner reads
 * their persons through the index: with a subquery it could not tell a school of no persons from a
 * large one and walked every person of the season backwards for the page (bench:season-day, 2.9 s
 * at 3 million orders).
 */
export async function schoolCodesFor(db: DbOrTx, school: string): Promise<string[]> {
  const rows = await db
    .select({ yxdm: schools.yxdm })
    .from(schools)
    .where(or(eq(schools.yxdm, school), sql`${schools.searchName} like ${'%' + foldSearchText(school) + '%'}`))
    .limit(200);
  return rows.map((r) => r.yxdm);
}

export function searchConditions(
  q: SearchQuery,
  idHash: string | null,
  staff: StaffContext,
  schoolCodes: readonly string[] | null = null,
): SQL | undefined {
  const where: (SQL | undefined)[] = [branchScope(staff)];
  if (q.orderNo) where.push(ilike(orders.orderNo, `%${q.orderNo}%`));
  if (q.name) where.push(detailMatch(sql`${orderDetails.name} ilike ${'%' + q.name + '%'}`));
  // The receiver's, the member's or a person's mobile: three indexed lookups joined, so the search
  // reads the few orders of that number instead of every order of the season (bench:season-day).
  if (q.mobile)
    where.push(
      sql`${orders.id} in (
        select o.id from ${orders} o where o.shipping_receive_mobile = ${q.mobile}
        union select o.id from ${orders} o join ${members} m on m.id = o.member_id where m.mobile = ${q.mobile}
        union select d.order_id from ${orderDetails} d where d.mobile = ${q.mobile})`,
    );
  if (idHash) where.push(detailMatch(sql`${orderDetails.idNumHash} = ${idHash}`));
  // A school by its code or a part of its name: the codes come from the list of schools
  // (schoolCodesFor) and the persons are found by them through their index; no such school, no order.
  if (q.school)
    where.push(
      schoolCodes?.length
        ? sql`${orders.id} in (select d.order_id from ${orderDetails} d where ${inArray(sql`d.yxdm`, [...schoolCodes])})`
        : sql`false`,
    );
  if (q.state) where.push(eq(orders.state, q.state));
  if (q.states) where.push(inArray(orders.state, q.states.split(',').map(Number)));
  if (q.kind) where.push(eq(orders.kind, q.kind));
  if (q.from) where.push(gte(orders.createdAt, new Date(`${q.from}T00:00:00+08:00`)));
  if (q.to) where.push(lte(orders.createdAt, new Date(`${q.to}T23:59:59.999+08:00`)));
  if (q.q) {
    const like = `%${q.q}%`;
    where.push(
      or(
        ilike(orders.orderNo, like),
        eq(members.mobile, q.q),
        detailMatch(sql`(${orderDetails.name} ilike ${like} or ${orderDetails.mobile} = ${q.q})`),
      ),
    );
  }
  const list = where.filter((w): w is SQL => !!w);
  return list.length ? and(...list) : undefined;
}

const FY = sql`coalesce((select t.fy from ${tasks} t where t.id = ${orders.taskId}), (select d.fy from ${orderDetails} d where d.order_id = ${orders.id} order by d.id limit 1))`;

const rowColumns = {
  o: orders,
  memberMobile: members.mobile,
  names: sql<string>`coalesce((select string_agg(d.name, '、' order by d.id) from ${orderDetails} d where d.order_id = ${orders.id}), '')`,
  persons: sql<number>`(select count(*)::int from ${orderDetails} d where d.order_id = ${orders.id})`,
  // Every person's school (a two-person order may span two), each once.
  schoolName: sql<
    string | null
  >`(select string_agg(distinct d.school_name, '、') from ${orderDetails} d where d.order_id = ${orders.id})`,
  fy: sql<string | null>`${FY}`,
  // The branch's name from the collection centres (beijing: 北京分公司).
  fyName: branchNameOf(FY),
};

export function toOrderRow(r: {
  o: OrderDb;
  memberMobile: string | null;
  names: string;
  persons: number;
  schoolName: string | null;
  fy: string | null;
  fyName?: { zh: string; en: string } | null;
}): OrderRow {
  const o = r.o;
  const addr = [o.shippingProvinceName, o.shippingCityName, o.shippingDistrictName, o.shippingAddress]
    .filter(Boolean)
    .join(' ');
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: o.kind,
    state: o.state,
    totalFen: o.totalFen,
    names: r.names,
    persons: r.persons,
    schoolName: r.schoolName,
    mobile: r.memberMobile,
    fy: r.fy,
    fyName: r.fyName ?? null,
    shippingTypeName: o.shippingTypeName,
    shippingOrderNo: o.shippingOrderNo,
    shippingReceiveName: o.shippingReceiveName,
    shippingReceiveMobile: o.shippingReceiveMobile,
    shippingAddress: addr || null,
    payTime: o.payTime?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
  };
}

export async function findOrders(db: DbOrTx, where: SQL | undefined, page: number, size: number, oldestFirst = false) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .leftJoin(members, eq(members.id, orders.memberId))
    .where(where);
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .leftJoin(members, eq(members.id, orders.memberId))
    .where(where)
    .orderBy(
      oldestFirst ? sql`coalesce(${orders.payTime}, ${orders.updatedAt}) asc, ${orders.id} asc` : desc(orders.id),
    )
    .limit(size)
    .offset((page - 1) * size);
  return { total: n, rows: rows.map(toOrderRow) };
}

/** One order with its row columns, within the staff's branch scope; null when outside it. */
export async function findOrder(db: DbOrTx, id: number, staff: StaffContext) {
  const rows = await db
    .select(rowColumns)
    .from(orders)
    .leftJoin(members, eq(members.id, orders.memberId))
    .where(and(eq(orders.id, id), branchScope(staff)))
    .limit(1);
  return rows[0] ?? null;
}
