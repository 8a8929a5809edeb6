import { and, asc, eq, gte, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { APPROVED_STATES } from '@portal/contract/order-states';
import type { DbOrTx } from '../../db/client.ts';
import { orderDetails, orders, photos } from '../../db/schema.ts';
import { branchScope } from '../orders/public.ts';
import { lineToOrder } from '../orders/public.ts';

export interface ExportScope {
  yxdm?: string;
  from?: string;
  to?: string;
}

/** The school folder a line goes in: its school code ('' when it has none). */
const folderKey = sql<string>`coalesce(${orderDetails.yxdm}, '')`;

/**
 * Approved persons with a photo in a school or date range; a branch job, its own branch only.
 * Reprints are left out: they print a photo the platform already has on file.
 */
function inScope(scope: ExportScope, branch: string | null): SQL {
  const asBranch = branch
    ? branchScope({ staffId: 0, sessionId: 0, username: '', name: '', role: 'branch', branch })
    : undefined;
  return and(
    inArray(orders.state, [...APPROVED_STATES]),
    ne(orders.kind, 'reprint'),
    isNotNull(orderDetails.photoId),
    scope.yxdm ? eq(orderDetails.yxdm, scope.yxdm) : undefined,
    scope.from ? gte(orders.updatedAt, new Date(`${scope.from}T00:00:00+08:00`)) : undefined,
    scope.to ? lte(orders.updatedAt, new Date(`${scope.to}T23:59:59.999+08:00`)) : undefined,
    asBranch,
  )!;
}

export async function countInScope(db: DbOrTx, scope: ExportScope, branch: string | null): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderDetails)
    .innerJoin(orders, lineToOrder)
    .where(inScope(scope, branch));
  return n;
}

export interface ExportRow {
  id: number;
  yxdm: string;
  name: string;
  schoolName: string | null;
  studentId: string | null;
  idNumEnc: string | null;
  orderNo: string;
  storageKey: string | null;
}

/**
 * The next page of the scope after a row, school by school (then by line): every row is read once
 * however many there are, and a resumed job goes on from its checkpoint's row.
 */
export function pageAfter(
  db: DbOrTx,
  scope: ExportScope,
  branch: string | null,
  after: { yxdm: string; id: number },
  size: number,
): Promise<ExportRow[]> {
  return db
    .select({
      id: orderDetails.id,
      yxdm: folderKey,
      name: orderDetails.name,
      schoolName: orderDetails.schoolName,
      studentId: orderDetails.studentId,
      idNumEnc: orderDetails.idNumEnc,
      orderNo: orders.orderNo,
      storageKey: photos.storageKey,
    })
    .from(orderDetails)
    .innerJoin(orders, lineToOrder)
    .leftJoin(photos, eq(photos.id, orderDetails.photoId))
    .where(and(inScope(scope, branch), sql`(${folderKey}, ${orderDetails.id}) > (${after.yxdm}, ${after.id})`))
    .orderBy(asc(folderKey), asc(orderDetails.id))
    .limit(size);
}
