import { ORDER_STATE_TEXT, type OrderState } from '@portal/contract/order-states';
import { fenToYuan } from '@portal/contract/prices';
import { orderPicAllowState } from '@portal/contract/order-rules';
import { shippingComplete, shippingOf } from '@portal/contract/orders';
import type { TaskOrder, TaskOrderDetail } from '@portal/contract/task';
import type { AppContext } from '../../context.ts';
import type { DetailRow, OrderRow, TaskRow } from './repo.ts';
import { linePhotoUrl } from '../orders/public.ts';
import { personAnswer } from '../orders/public.ts';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** One person as the pages see it: an order line (orders/present.ts) with its file's upload time. */
export function presentDetail(ctx: AppContext, d: DetailRow): TaskOrderDetail {
  return { ...personAnswer(d, d.storageKey ? linePhotoUrl(ctx, d.storageKey) : null), fileTime: iso(d.fileTime) };
}

/** A task order with the facts the permitted-action rules of the contract read. */
export function presentOrder(o: OrderRow, task: TaskRow | null | undefined, details: DetailRow[]): TaskOrder {
  const first = details[0];
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: 'task',
    type: o.type,
    state: o.state,
    stateDesc: ORDER_STATE_TEXT[o.state as OrderState] ?? { zh: String(o.state), en: String(o.state) },
    ctime: o.createdAt.toISOString(),
    payType: o.payType,
    payTime: iso(o.payTime),
    payTotal: fenToYuan(o.totalFen),
    unitPrice: fenToYuan(o.unitPriceFen),
    totalFen: o.totalFen,
    unitPriceFen: o.unitPriceFen,
    // The photo-allowed flag of the order or of its first person (document 2, section 2).
    picAllowState: orderPicAllowState(o.picAllowState, first?.picAllowState),
    refuseReason: o.refuseReason,
    isFile: o.isFile,
    isRefund: o.isRefund,
    endTime: iso(task?.endTime),
    fileTime: iso(first?.fileTime),
    taskId: o.taskId,
    taskName: task ? { zh: task.nameZh, en: task.nameEn } : null,
    isShipping: shippingComplete(o) ? 1 : 0,
    ...shippingOf(o),
  };
}
