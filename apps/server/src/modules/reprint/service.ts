import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { BIND_STATUS, EDUCATION_LEVELS } from '@portal/contract/enums';
import { reprintTotalFen, fenToYuan, REPRINT_SHEET_FEN } from '@portal/contract/prices';
import {
  ORDER_STATE,
  ORDER_STATE_TEXT,
  canEditQuantity,
  canEditShipping,
  canModify,
  canPay,
  canRefund,
} from '@portal/contract/order-states';
import type { Lang } from '@portal/contract/i18n';
import { shippingOf } from '@portal/contract/orders';
import type {
  CreateWashOrderBody,
  ModifyWashOrderBody,
  WashOrderAndDetails,
  WashStudentRow,
} from '@portal/contract/reprint';
import { ORDER_TYPE } from '@portal/contract/enums';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { ownedOrder } from '../orders/public.ts';
import { createOrder } from '../orders/public.ts';
import { factsOf } from '../orders/public.ts';
import * as repo from './repo.ts';
import { bindingPhotoUrl } from './binding-photo.ts';
import { CLOSED_BINDING_LOST, reprintPhotoLinks, reprintPhotoRefusal } from './live-binding.ts';
import { message } from '../../http/lang.ts';

/** Rules of graduation-photo reprints: identity binding and reprint (type 2) orders. */

/** The bound (or unbind-pending) student's photos on file; empty when not bound or suspended by a dispute. */
export async function washStudentInfo(ctx: AppContext, memberId: number, lang: Lang): Promise<WashStudentRow[]> {
  const b = await repo.latestBinding(ctx.db, memberId);
  if (
    !b ||
    (b.state !== BIND_STATUS.BOUND && b.state !== BIND_STATUS.UNBIND_PENDING) ||
    b.suspendedAt ||
    !b.nationalStudentId
  )
    return [];
  const s = await repo.nationalStudentById(ctx.db, b.nationalStudentId);
  if (!s) return [];
  const picUrl = bindingPhotoUrl(ctx, b.id, s.photoId);
  const level = EDUCATION_LEVELS[s.education]?.[lang] ?? String(s.education);
  return [
    {
      id: String(s.id),
      picUrl,
      xlcc: s.education,
      photo_num: s.photoCount,
      bindingState: b.state,
      schoolName: s.schoolName,
      yxdm: s.yxdm,
      studentId: s.xh,
      studentInfo: [
        { label: lang === 'zh' ? '姓名' : 'Name', value: s.xm },
        { label: lang === 'zh' ? '学号' : 'Student number', value: s.xh },
        { label: lang === 'zh' ? '学校' : 'School', value: `${s.schoolName} (${s.yxdm})` },
        { label: lang === 'zh' ? '学历' : 'Education', value: level },
      ],
    },
  ];
}

/** The member's bound student for an order: must be the thirdStudentId asked for (403), and bound (409). */
async function boundStudentFor(ctx: AppContext, memberId: number, thirdStudentId: string) {
  const b = await repo.latestBinding(ctx.db, memberId);
  if (!b || !b.nationalStudentId || String(b.nationalStudentId) !== thirdStudentId) {
    if (b?.state === BIND_STATUS.BOUND || b?.state === BIND_STATUS.UNBIND_PENDING)
      throw forbidden('reprint.notYourStudent');
    throw conflict('reprint.notBound');
  }
  if (b.suspendedAt) throw conflict('reprint.bindingSuspended');
  if (b.state === BIND_STATUS.UNBIND_PENDING) throw conflict('reprint.unbindPending');
  if (b.state !== BIND_STATUS.BOUND) throw conflict('reprint.notBound');
  const s = await repo.nationalStudentById(ctx.db, b.nationalStudentId);
  if (!s || !s.hasPhoto) throw badRequest('reprint.noPhotoOnFile');
  return s;
}

export async function createWashOrder(ctx: AppContext, memberId: number, body: CreateWashOrderBody): Promise<number> {
  const s = await boundStudentFor(ctx, memberId, body.thirdStudentId);
  const name = (await repo.memberName(ctx.db, memberId)) ?? s.xm;
  const o = await withTx(ctx, ({ db: tx }) =>
    createOrder(
      tx,
      'reprint',
      {
        memberId,
        type: ORDER_TYPE.REPRINT,
        unitPriceFen: REPRINT_SHEET_FEN,
        totalFen: reprintTotalFen(body.num, body.dist === 1),
        dist: body.dist,
        num: body.num,
        thirdStudentId: String(s.id),
      },
      [
        {
          name: s.xm || name,
          schoolName: s.schoolName,
          yxdm: s.yxdm,
          education: s.education,
          major: s.major,
          studentId: s.xh,
          xllb: s.xllb,
          photoId: s.photoId,
          picAllowState: 1,
          num: body.num,
          dist: body.dist,
          thirdStudentId: String(s.id),
        },
      ],
    ),
  );
  return o.id;
}

/** An order of this member of kind reprint (the orders module's one ownership rule). */
const ownWashOrder = (ctx: AppContext, memberId: number, id: number) => ownedOrder(ctx.db, memberId, id, ['reprint']);

export async function modifyWashOrder(ctx: AppContext, memberId: number, body: ModifyWashOrderBody): Promise<void> {
  const o = await ownWashOrder(ctx, memberId, body.id);
  if (String(o.thirdStudentId) !== body.thirdStudentId) throw forbidden('reprint.notYourStudent');
  if (!canEditQuantity(factsOf(o))) throw conflict();
  const totalFen = reprintTotalFen(body.num, body.dist === 1);
  const done = await withTx(ctx, ({ db: tx }) =>
    repo.updateWashQuantity(tx, o.id, o.state, { num: body.num, dist: body.dist, totalFen }),
  );
  if (!done) throw conflict();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function washOrderAndDetails(
  ctx: AppContext,
  memberId: number,
  id: number,
  lang: Lang,
): Promise<WashOrderAndDetails> {
  const o = await ownWashOrder(ctx, memberId, id);
  const f = factsOf(o);
  const details = await repo.orderDetailRows(ctx.db, o.id);
  // The photo on file is shown through the member's binding to the record as it is now, so a
  // suspended or lost one shows nothing and cannot be paid for.
  const refusal = await reprintPhotoRefusal(ctx.db, o);
  const link = await reprintPhotoLinks(ctx, o);
  const closedWhy = o.state === ORDER_STATE.CLOSED && o.refuseReason === CLOSED_BINDING_LOST;
  const notice = closedWhy
    ? message(lang, CLOSED_BINDING_LOST)
    : refusal && o.state !== ORDER_STATE.CLOSED
      ? message(lang, refusal)
      : null;
  const shipping = shippingOf(o);
  const stateText = ORDER_STATE_TEXT[o.state as keyof typeof ORDER_STATE_TEXT];
  return {
    order: {
      id: o.id,
      orderNo: o.orderNo,
      state: o.state,
      stateDesc: stateText ? stateText[lang] : String(o.state),
      ctime: o.createdAt.toISOString(),
      type: o.type,
      payType: o.payType,
      payTime: iso(o.payTime),
      payTotal: fenToYuan(o.totalFen),
      totalFen: o.totalFen,
      dist: o.dist ?? 0,
      num: o.num ?? 0,
      thirdStudentId: o.thirdStudentId ?? '',
      ...shipping,
      canEditQuantity: canEditQuantity(f),
      canEditShipping: canEditShipping(f),
      canPay: canPay(f) && !refusal,
      canRefund: canRefund(f),
      canModify: canModify(f),
      notice,
    },
    orderDetails: details.map((d) => ({
      id: d.id,
      orderId: d.orderId,
      name: d.name,
      schoolName: d.schoolName,
      yxdm: d.yxdm,
      education: d.education,
      studentId: d.studentId,
      picUrl: link(d.photoId),
      num: d.num ?? o.num ?? 0,
      dist: d.dist ?? o.dist ?? 0,
      thirdStudentId: d.thirdStudentId ?? '',
    })),
    shippingInfo: o.shippingReceiveName ? shipping : null,
  };
}
