import { ORDER_STATE_TEXT, type OrderFacts, type OrderState } from '@portal/contract/order-states';
import { fenToYuan } from '@portal/contract/prices';
import { maskIdNumber } from '@portal/contract/validation';
import { shippingComplete, shippingOf, type OrderAnswer, type OrderDetailAnswer } from '@portal/contract/orders';
import { tr, type Lang } from '@portal/contract/i18n';
import type { DetailRow, OrderRow } from './repo.ts';

/** The order columns the permitted-action rules read. */
export type FactsRow = Pick<OrderRow, 'kind' | 'state'> &
  Partial<Pick<OrderRow, 'payTime' | 'picAllowState' | 'isFile' | 'isRefund' | 'shippingOrderNo'>>;

/**
 * The facts the contract's permitted-action rules read, from an order row: the one builder for
 * every area (individual, reprint, centralised, payments). A centralised order's modify rule
 * also reads its task's end time and the current file's upload time.
 */
export function factsOf(o: FactsRow, extra: { endTime?: Date | null; fileTime?: Date | null } = {}): OrderFacts {
  return {
    kind: o.kind,
    state: o.state,
    payTime: o.payTime?.toISOString() ?? null,
    picAllowState: o.picAllowState ?? null,
    isFile: o.isFile ?? null,
    isRefund: o.isRefund ?? null,
    endTime: extra.endTime?.toISOString() ?? null,
    fileTime: extra.fileTime?.toISOString() ?? null,
    shippingOrderNo: o.shippingOrderNo ?? null,
  };
}

export function orderAnswer(
  o: OrderRow,
  lang: Lang,
  extra: { refundStatus?: number | null; endTime?: Date | null; personCount: number },
): OrderAnswer {
  const text = ORDER_STATE_TEXT[o.state as OrderState];
  return {
    id: o.id,
    orderNo: o.orderNo,
    state: o.state,
    stateDesc: text ? tr(text, lang) : String(o.state),
    ctime: o.createdAt.toISOString(),
    type: o.type,
    payType: o.payType,
    payTime: o.payTime?.toISOString() ?? null,
    payTotal: fenToYuan(o.totalFen),
    unitPrice: fenToYuan(o.unitPriceFen),
    personCount: extra.personCount,
    picAllowState: o.picAllowState,
    refuseReason: o.refuseReason,
    ...shippingOf(o),
    isFile: o.isFile,
    endTime: extra.endTime?.toISOString() ?? null,
    isShipping: shippingComplete(o) ? 1 : 0,
    isRefund: o.isRefund,
    refundStatus: extra.refundStatus ?? null,
    dist: o.dist,
    num: o.num,
  };
}

export function shippingInfo(o: OrderRow) {
  if (!shippingComplete(o) && !o.shippingOrderNo) return null;
  return shippingOf(o);
}

/**
 * The person fields of an order line, the same for an individual and a centralised order (the
 * contract's task line is the order line less num, dist and thirdStudentId): the ID number masked
 * as ARCHITECTURE.md, "Data", says. The one presenter of a line, so the two lists cannot drift.
 */
export function personAnswer(
  d: DetailRow,
  picUrl: string | null,
): Omit<OrderDetailAnswer, 'num' | 'dist' | 'thirdStudentId'> {
  return {
    id: d.id,
    orderId: d.orderId,
    name: d.name,
    mobile: d.mobile,
    idType: d.idType,
    idNum: d.idNumMask ?? maskIdNumber(null),
    mail: d.mail,
    sex: d.sex,
    schoolName: d.schoolName,
    yxdm: d.yxdm,
    education: d.education,
    major: d.major,
    studentId: d.studentId,
    xllb: d.xllb,
    schoolType: d.schoolType,
    picUrl,
    picAllowState: d.picAllowState,
    fy: d.fy,
    taskId: d.taskId,
    signature: d.signature,
    bizSerialNum: d.bizSerialNum,
  };
}

/** A line of an individual or reprint order, for its owner. */
export function detailAnswer(d: DetailRow, picUrl: string | null): OrderDetailAnswer {
  return { ...personAnswer(d, picUrl), num: d.num, dist: d.dist, thirdStudentId: d.thirdStudentId };
}
