import type { OrderState } from '@portal/contract/order-states';
import type { ReasonText } from '@portal/contract/review';
import type { DbOrTx } from '../../db/client.ts';
import { noticeReviewRefused } from '../notices/public.ts';
import type { OrderRow } from '../orders/public.ts';
import { transition as moveOrder, type OrderActor } from '../orders/public.ts';

/** A person whose photo goes back to the student, with the reason in both languages. */
export interface RefusedPerson {
  detailId: number;
  name: string;
  reason: ReasonText;
}

/**
 * The one place an order goes back to the student after review (a refusal, or a reset of an
 * approved photo): the order moves through orders' transition() with the spec's one-text
 * refuseReason naming each person, and the audit row keeps the persons and reasons. Telling the
 * student (the notices) belongs here too, with `refused`, in the same transaction.
 */
export async function returnToStudent(
  tx: DbOrTx,
  order: OrderRow,
  event: 'reject' | 'resetPhoto',
  actor: OrderActor,
  refused: RefusedPerson[],
  audit: { photoIds: (number | null)[] },
): Promise<OrderState> {
  const refuseReason = refused.map((p) => `${p.name}：${p.reason.zh}`).join('；');
  const state = await moveOrder(tx, order, event, actor, {
    refuseReason,
    auditBefore: { refuseReason: order.refuseReason, photoIds: audit.photoIds },
    auditAfter: { refuseReason, persons: refused },
  });
  await noticeReviewRefused(tx, order, refused);
  return state;
}
