import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { isValidIdCard } from '@portal/contract/validation';
import { refundBlocksStaffAction, STAFF_TRANSITIONS, WAITING_REVIEW_STATES } from '@portal/contract/order-states';
import type { OrderPage, ReviewItem, TransitionBody } from '@portal/contract/console';
import type { AppContext } from '../../context.ts';
import { orderDetails, orders, payments, refunds, traceEvents } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { auditOf, writeAudit } from '../staff/public.ts';
import { findOrder, findOrders, schoolCodesFor, searchConditions, toOrderRow, type SearchQuery } from './staff-repo.ts';
import { personsOf } from './staff-persons.ts';
import { reprintPhotoRefusal } from '../reprint/public.ts';
import { transition as moveOrder } from './transition.ts';
import { subscribeParcels } from '../logistics/public.ts';
import { deliverOrder, shipOrder } from '../logistics/public.ts';
import { assertNotClaimedByOther } from '../review/public.ts';
import { noticeReviewRefused } from '../notices/public.ts';

export async function searchOrders(ctx: AppContext, staff: StaffContext, q: SearchQuery) {
  const idNumber = q.idNumber?.toUpperCase();
  const idHash = idNumber ? ctx.pii.blindIndex(idNumber) : null;
  if (idNumber) {
    await writeAudit(ctx.db, staff, {
      action: 'order.searchByIdNumber',
      targetKind: 'search',
      after: { valid: isValidIdCard(idNumber) },
    });
  }
  const codes = q.school ? await schoolCodesFor(ctx.db, q.school) : null;
  return findOrders(ctx.db, searchConditions(q, idHash, staff, codes), q.page, q.size);
}

export async function orderPage(ctx: AppContext, staff: StaffContext, id: number): Promise<OrderPage> {
  const r = await findOrder(ctx.db, id, staff);
  if (!r) throw notFound();
  const o = r.o;
  const [persons, pays, refs, trace, audit] = await Promise.all([
    personsOf(ctx, ctx.db, [id], staff),
    ctx.db.select().from(payments).where(eq(payments.orderId, id)).orderBy(desc(payments.id)),
    ctx.db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(desc(refunds.id)),
    o.shippingOrderNo
      ? ctx.db
          .select()
          .from(traceEvents)
          .where(eq(traceEvents.waybillNo, o.shippingOrderNo))
          .orderBy(desc(traceEvents.opTime))
      : [],
    auditOf(ctx.db, 'order', String(id)),
  ]);
  return {
    order: {
      ...toOrderRow(r),
      refuseReason: o.refuseReason,
      shippingProvinceName: o.shippingProvinceName,
      shippingCityName: o.shippingCityName,
      shippingDistrictName: o.shippingDistrictName,
      unitPriceFen: o.unitPriceFen,
      payType: o.payType,
    },
    persons: persons.get(id) ?? [],
    payments: pays.map((p) => ({
      paymentNo: p.paymentNo,
      provider: p.provider,
      amountFen: p.amountFen,
      state: p.state,
      paidAt: p.paidAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
    refunds: refs.map((f) => ({
      id: f.id,
      refundNo: f.refundNo,
      amountFen: f.amountFen,
      status: f.status,
      reason: f.reason,
      createdAt: f.createdAt.toISOString(),
    })),
    trace: trace.map((t) => ({ opCode: t.opCode, opTime: t.opTime.toISOString(), opDesc: t.opDesc })),
    audit,
  };
}

/** Paid orders waiting for review (115 / 116), oldest first, with each person's photo and comparison. */
export async function reviewQueue(
  ctx: AppContext,
  staff: StaffContext,
  page: number,
  size: number,
): Promise<{ total: number; rows: ReviewItem[] }> {
  const where = searchConditions({ states: WAITING_REVIEW_STATES.join(','), page, size }, null, staff);
  const found = await findOrders(ctx.db, where, page, size, true);
  const persons = await personsOf(
    ctx,
    ctx.db,
    found.rows.map((r) => r.id),
    staff,
  );
  return {
    total: found.total,
    rows: found.rows.map((r) => ({
      order: r,
      persons: persons.get(r.id) ?? [],
      waitingSince: r.payTime ?? r.createdAt,
    })),
  };
}

/**
 * A staff transition over one or more orders, in one transaction that re-reads
 * each state: when any order is no longer in a permitted state nothing changes (409).
 */
export async function transition(
  ctx: AppContext,
  staff: StaffContext,
  body: TransitionBody,
): Promise<{ changed: number }> {
  const rule = STAFF_TRANSITIONS[body.action];
  if (body.action === 'reject' && !body.reason) throw badRequest('console.reasonRequired');
  if (body.action === 'ship' && (!body.waybillNos || body.waybillNos.length !== body.ids.length))
    throw badRequest('console.waybillRequired');
  const ids = [...new Set(body.ids)];
  const done = await ctx.db.transaction(async (tx) => {
    for (const id of ids) if (!(await findOrder(tx, id, staff))) throw notFound();
    const rows = await tx.select().from(orders).where(inArray(orders.id, ids)).orderBy(asc(orders.id)).for('update');
    for (const o of rows) if (!rule.from.includes(o.state)) throw conflict('console.stateChanged');
    // One reviewer per order: an order another reviewer has claimed in the review queue is theirs to decide.
    if (body.action === 'approve' || body.action === 'reject') await assertNotClaimedByOther(tx, ids, staff.staffId);
    // A member's open refund request blocks review, production and shipping (one rule, in the contract).
    const openRefunds = await tx
      .select({ status: refunds.status })
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), eq(refunds.cancelled, false), eq(refunds.origin, 'member')));
    if (openRefunds.some((r) => refundBlocksStaffAction(body.action, r.status)))
      throw conflict('refund.blocksStaffAction');
    // A reprint prints a photo on file: only while its member's binding may see it now.
    if (body.action === 'produce')
      for (const o of rows) if (await reprintPhotoRefusal(tx, o)) throw conflict('reprint.printHeld');
    // A review decides on the photos the lines hold now (read under the order lock, which a
    // member's modify also takes), and the audit records which ones.
    const reviewed = new Map<number, number[]>();
    if (body.action === 'approve' || body.action === 'reject') {
      const lines = await tx
        .select({ orderId: orderDetails.orderId, photoId: orderDetails.photoId })
        .from(orderDetails)
        .where(inArray(orderDetails.orderId, ids))
        .orderBy(asc(orderDetails.id));
      for (const l of lines) if (l.photoId) reviewed.set(l.orderId, [...(reviewed.get(l.orderId) ?? []), l.photoId]);
      // Never decide on a photo the reviewer did not see.
      if (body.seenPhotoIds) {
        const seen = new Set(body.seenPhotoIds);
        if ([...reviewed.values()].flat().some((id) => !seen.has(id))) throw conflict('console.photoChanged');
      }
    }
    const now = new Date();
    for (const o of rows) {
      const set: { refuseReason?: string | null; shippingOrderNo?: string; shippingTypeName?: string } = {};
      if (body.action === 'reject') set.refuseReason = body.reason!;
      if (body.action === 'approve') set.refuseReason = null;
      if (body.action === 'ship') {
        set.shippingOrderNo = body.waybillNos![body.ids.indexOf(o.id)];
        if (body.carrier) set.shippingTypeName = body.carrier;
      }
      const actor = { kind: 'staff', staffId: staff.staffId } as const;
      const auditBefore = {
        refuseReason: o.refuseReason,
        shippingOrderNo: o.shippingOrderNo,
        ...(reviewed.has(o.id) ? { photoIds: reviewed.get(o.id) } : {}),
      };
      const auditAfter = {
        ...(set.refuseReason !== undefined ? { refuseReason: set.refuseReason } : {}),
        ...(set.shippingOrderNo
          ? { shippingOrderNo: set.shippingOrderNo, carrier: set.shippingTypeName ?? o.shippingTypeName }
          : {}),
      };
      // Shipping and delivery are logistics' (the parcel and the trace go with them); every
      // other action is the orders module's one writer of the state: state, reason and audit row.
      if (body.action === 'ship')
        await shipOrder(
          tx,
          ctx.tracking,
          o,
          actor,
          { waybillNo: set.shippingOrderNo!, carrier: set.shippingTypeName, auditBefore, auditAfter },
          now,
        );
      else if (body.action === 'deliver') await deliverOrder(tx, o, actor, { auditBefore, auditAfter }, now);
      else
        await moveOrder(tx, o, body.action, actor, {
          refuseReason: set.refuseReason ?? undefined,
          auditBefore,
          auditAfter,
        });
      // The student is told with the decision (SMS, e-mail and in-portal message; modules/notices).
      if (body.action === 'reject') await noticeReviewRefused(tx, o, body.reason!, now);
    }
    return { changed: rows.length };
  });
  if (body.action === 'ship') await subscribeParcels(ctx, ids);
  return done;
}

/** The packing list: the orders in production or shipped, with receivers and persons. */
export async function packingList(ctx: AppContext, staff: StaffContext, ids: number[]) {
  const rows = [];
  for (const id of ids) {
    const r = await findOrder(ctx.db, id, staff);
    if (r) rows.push(toOrderRow(r));
  }
  const persons = await personsOf(
    ctx,
    ctx.db,
    rows.map((r) => r.id),
    staff,
  );
  await writeAudit(ctx.db, staff, {
    action: 'order.packingList',
    targetKind: 'order',
    targetId: ids.join(','),
    after: { count: rows.length },
  });
  return rows.map((r) => ({ order: r, persons: persons.get(r.id) ?? [] }));
}
