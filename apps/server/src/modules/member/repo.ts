import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { forgetMemberSessions, type SessionOwner } from '../../http/session-cache.ts';
import { nationalRejections } from '../orders/public.ts';
import { anonymiseOrders } from '../orders/public.ts';
import { ORDER_STATE, UNSHIPPED_PAID_STATES } from '@portal/contract/order-states';
import {
  bindings,
  consents,
  memberAddresses,
  members,
  orderDetails,
  orders,
  photos,
  verificationCodes,
} from '../../db/schema.ts';

export type MemberRow = typeof members.$inferSelect;

const active = eq(members.status, 'active');

export async function memberById(db: Db, id: number): Promise<MemberRow | undefined> {
  const [m] = await db.select().from(members).where(eq(members.id, id)).limit(1);
  return m;
}

/**
 * The active member whose identifying column holds this value. Mobile and openId are unique;
 * a mail address is not, so ordering by id makes the oldest holder answer.
 */
async function activeBy(db: Db, column: PgColumn, value: string): Promise<MemberRow | undefined> {
  const [m] = await db
    .select()
    .from(members)
    .where(and(eq(column, value), active))
    .orderBy(members.id)
    .limit(1);
  return m;
}

export const activeByMobile = (db: Db, mobile: string) => activeBy(db, members.mobile, mobile);
/** Only an address its member proved with a code finds an account (an unproven one is anybody's claim). */
export async function activeByMail(db: Db, mail: string): Promise<MemberRow | undefined> {
  const [m] = await db
    .select()
    .from(members)
    .where(and(eq(members.mail, mail.toLowerCase()), isNotNull(members.mailVerifiedAt), active))
    .orderBy(members.id)
    .limit(1);
  return m;
}
export const activeByOpenId = (db: Db, openId: string) => activeBy(db, members.openId, openId);

export async function createMember(
  db: Db,
  values: { mobile?: string; mail?: string; mailVerifiedAt?: Date; name?: string; openId?: string; isFirst: boolean },
): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const [m] = await tx.insert(members).values(values).returning();
    await tx.insert(consents).values({ memberId: m.id, kind: 'terms', version: TERMS_VERSION });
    return m;
  });
}

/** The wording version of the service agreement and privacy notice a member accepted. */
export const TERMS_VERSION = '2025-09';

export async function updateMember(
  ctx: SessionOwner,
  id: number,
  set: Partial<Pick<MemberRow, 'name' | 'mail' | 'mailVerifiedAt' | 'mobile' | 'openId' | 'isFirst'>>,
) {
  await ctx.db.update(members).set(set).where(eq(members.id, id));
  forgetMemberSessions(ctx, id); // the auth guard reads isFirst, mobile and mail
}

/** Paid but not shipped (document 2, section 4): the contract's list. */
export { UNSHIPPED_PAID_STATES };

/** The member's paid orders not yet shipped, which block deactivation (oldest first, at most 20). */
export async function unshippedPaidOrders(db: Db, memberId: number) {
  return db
    .select({ id: orders.id, orderNo: orders.orderNo, kind: orders.kind, state: orders.state })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), inArray(orders.state, [...UNSHIPPED_PAID_STATES])))
    .orderBy(orders.id)
    .limit(20);
}

export async function hasUnshippedPaidOrder(db: Db, memberId: number): Promise<boolean> {
  return (await unshippedPaidOrders(db, memberId)).length > 0;
}

/** Rejected-photo flag: 0 none, 1 individual or reprint, 2 collective, 3 both. */
export async function rejectedFlag(db: Db, memberId: number): Promise<number> {
  const rows = await db
    .selectDistinct({ kind: orders.kind })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), eq(orders.state, ORDER_STATE.REJECTED), isNull(orders.anonymisedAt)));
  // A photo the national platform refused after review counts too: the order alone would still read completed.
  const refused = await nationalRejections(db, memberId);
  const own = rows.some((r) => r.kind !== 'task') || refused.some((r) => r.kind !== 'task');
  const task = rows.some((r) => r.kind === 'task') || refused.some((r) => r.kind === 'task');
  return own && task ? 3 : own ? 1 : task ? 2 : 0;
}

/**
 * Deactivation: personal data erased, orders kept for accounting with their people
 * anonymised, photos and bindings removed. Runs inside the caller's transaction.
 */
export async function eraseMember(tx: DbOrTx, m: MemberRow): Promise<void> {
  const own = await tx.select({ id: orders.id }).from(orders).where(eq(orders.memberId, m.id));
  const ids = own.map((o) => o.id);
  if (ids.length) {
    await anonymiseOrders(tx, ids);
    await tx
      .update(orderDetails)
      .set({
        name: '已注销',
        mobile: null,
        mail: null,
        idNumEnc: null,
        idNumHash: null,
        idNumMask: null,
        studentId: null,
        photoId: null,
        signature: null,
      })
      .where(inArray(orderDetails.orderId, ids));
  }
  await tx.delete(photos).where(eq(photos.memberId, m.id));
  await tx.delete(bindings).where(eq(bindings.memberId, m.id));
  await tx.delete(memberAddresses).where(eq(memberAddresses.memberId, m.id));
  await tx.delete(consents).where(eq(consents.memberId, m.id));
  const targets = [m.mobile, m.mail].filter((t): t is string => !!t);
  if (targets.length) await tx.delete(verificationCodes).where(inArray(verificationCodes.target, targets));
  await tx
    .update(members)
    .set({
      status: 'deactivated',
      deactivatedAt: new Date(),
      mobile: null,
      mail: null,
      mailVerifiedAt: null,
      name: null,
      idCardEnc: null,
      idCardHash: null,
      openId: null,
    })
    .where(eq(members.id, m.id));
}
