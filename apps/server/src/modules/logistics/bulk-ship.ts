import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  WAYBILL_PATTERN,
  type BulkShipBody,
  type BulkShipResult,
  type BulkShipRow,
} from '@portal/contract/bulk-shipping';
import { refundBlocksStaffAction } from '@portal/contract/order-states';
import { waybillProblem } from '@portal/contract/waybill';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { orders, refunds } from '../../db/schema.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { branchScope, mayTransition, type OrderRow } from '../orders/public.ts';
import { writeAudit } from '../staff/public.ts';
import { readShippingFile, type FileRow } from './bulk-ship-file.ts';
import { subscribeParcels } from './parcel-service.ts';
import { shipOrder } from './shipping.ts';

/** The orders a file names that this staff member may see (a branch account: its own branch's). */
async function ordersNamed(db: DbOrTx, staff: StaffContext, orderNos: string[], lock: boolean) {
  if (!orderNos.length) return new Map<string, OrderRow>();
  const q = db
    .select()
    .from(orders)
    .where(and(inArray(orders.orderNo, orderNos), branchScope(staff)))
    .orderBy(asc(orders.id));
  const rows = lock ? await q.for('update') : await q;
  return new Map(rows.map((o) => [o.orderNo, o]));
}

async function refundHeld(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const open = await db
    .select({ orderId: refunds.orderId, status: refunds.status })
    .from(refunds)
    .where(and(inArray(refunds.orderId, ids), eq(refunds.cancelled, false), eq(refunds.origin, 'member')));
  return new Set(open.filter((r) => refundBlocksStaffAction('ship', r.status)).map((r) => r.orderId!));
}

/** Each row's outcome against the orders as read (and, when applying, locked). */
function judge(rows: FileRow[], found: Map<string, OrderRow>, held: Set<number>, carrier?: string): BulkShipRow[] {
  const seen = new Set<string>();
  return rows.map((r) => {
    const o = found.get(r.orderNo);
    const base = {
      row: r.row,
      orderNo: r.orderNo,
      waybillNo: r.waybillNo,
      carrier: r.carrier || carrier || o?.shippingTypeName || null,
      state: o?.state ?? null,
    };
    const refuse = (reason: NonNullable<BulkShipRow['reason']>) => ({ ...base, ok: false, reason });
    if (!r.orderNo) return refuse('logistics.bulk.orderNoMissing');
    if (seen.has(r.orderNo)) return refuse('logistics.bulk.duplicateOrder');
    seen.add(r.orderNo);
    if (!WAYBILL_PATTERN.test(r.waybillNo)) return refuse('logistics.bulk.waybillInvalid');
    if (waybillProblem(base.carrier, r.waybillNo)) return refuse('logistics.bulk.waybillFormat');
    if (!o) return refuse('logistics.bulk.unknownOrder');
    if (held.has(o.id)) return refuse('logistics.bulk.refundPending');
    if (!mayTransition(o, 'ship')) return refuse('logistics.bulk.wrongState');
    return { ...base, ok: true, reason: null };
  });
}

/**
 * Marks many orders shipped from a carrier's file: a dry run lists what would change and every row
 * that would not (and why); applying does it in one transaction, the orders locked in ascending id
 * (the row-lock order of ARCHITECTURE.md, "Data") and judged again as locked, each shipped through
 * logistics' shipOrder (transition, parcel, trace event, audit). Refused rows change nothing.
 */
export async function bulkShip(ctx: AppContext, staff: StaffContext, body: BulkShipBody): Promise<BulkShipResult> {
  const rows = await readShippingFile(body.fileName, body.content);
  const orderNos = [...new Set(rows.map((r) => r.orderNo).filter(Boolean))];
  const summary = (judged: BulkShipRow[], applied: boolean): BulkShipResult => ({
    applied,
    shipped: judged.filter((r) => r.ok).length,
    refused: judged.filter((r) => !r.ok).length,
    rows: judged,
  });
  if (!body.apply) {
    const found = await ordersNamed(ctx.db, staff, orderNos, false);
    return summary(
      judge(
        rows,
        found,
        await refundHeld(
          ctx.db,
          [...found.values()].map((o) => o.id),
        ),
        body.carrier,
      ),
      false,
    );
  }
  const shippedIds: number[] = [];
  const result = await withTx(ctx, async (t) => {
    const found = await ordersNamed(t.db, staff, orderNos, true);
    const judged = judge(
      rows,
      found,
      await refundHeld(
        t.db,
        [...found.values()].map((o) => o.id),
      ),
      body.carrier,
    );
    const now = new Date();
    const actor = { kind: 'staff', staffId: staff.staffId } as const;
    for (const r of judged) {
      if (!r.ok) continue;
      const o = found.get(r.orderNo)!;
      await shipOrder(
        t.db,
        ctx.tracking,
        o,
        actor,
        {
          waybillNo: r.waybillNo,
          carrier: r.carrier,
          auditBefore: { shippingOrderNo: o.shippingOrderNo },
          auditAfter: { shippingOrderNo: r.waybillNo, carrier: r.carrier, by: 'file', file: body.fileName },
        },
        now,
      );
      shippedIds.push(o.id);
    }
    const out = summary(judged, true);
    await writeAudit(t.db, staff, {
      action: 'logistics.bulkShip',
      targetKind: 'shippingFile',
      after: { file: body.fileName, shipped: out.shipped, refused: out.refused },
    });
    return out;
  });
  if (shippedIds.length) await subscribeParcels(ctx, shippedIds);
  return result;
}
