import { and, eq, gt, inArray, lte, notExists } from 'drizzle-orm';
import { ORDER_STATE } from '@portal/contract/order-states';
import type { AppContext } from '../../context.ts';
import type { OutsideTxCtx } from '../../db/tx.ts';
import { withTx } from '../../db/tx.ts';
import { orders, schools, taskStudentProofs, tasks } from '../../db/schema.ts';
import { chinaDate } from './china-time.ts';
import { enqueueNotice } from './enqueue.ts';

/** A centralised task's reminder goes out when its deadline is this close. */
export const REMINDER_DAYS = 3;

/** An order of the task past review: the student has an accepted photo. */
const ACCEPTED = [ORDER_STATE.TO_BE_MADE, ORDER_STATE.IN_PRODUCTION, ORDER_STATE.SHIPPED, ORDER_STATE.COMPLETED];

/**
 * The deadline reminders: for each open task closing within REMINDER_DAYS, each student matched
 * to it (a proof of being one of its students) with no accepted photo gets one SMS, once per task
 * (the notice's event key), whichever instance or run writes it first.
 */
export async function remindDeadlines(ctx: OutsideTxCtx<AppContext>, now = new Date()): Promise<number> {
  const soon = new Date(now.getTime() + REMINDER_DAYS * 86_400_000);
  const due = await ctx.db
    .selectDistinct({
      taskId: tasks.id,
      endTime: tasks.endTime,
      school: schools.name,
      memberId: taskStudentProofs.memberId,
    })
    .from(tasks)
    .innerJoin(schools, eq(schools.yxdm, tasks.yxdm))
    .innerJoin(taskStudentProofs, eq(taskStudentProofs.taskId, tasks.id))
    .where(
      and(
        eq(tasks.active, true),
        gt(tasks.endTime, now),
        lte(tasks.endTime, soon),
        notExists(
          ctx.db
            .select({ id: orders.id })
            .from(orders)
            .where(
              and(
                eq(orders.taskId, tasks.id),
                eq(orders.memberId, taskStudentProofs.memberId),
                inArray(orders.state, ACCEPTED),
              ),
            ),
        ),
      ),
    );
  if (!due.length) return 0;
  await withTx(ctx, async (t) => {
    for (const d of due)
      await enqueueNotice(t.db, {
        kind: 'taskDeadline',
        memberId: d.memberId,
        eventKey: `taskDeadline:${d.taskId}:${d.memberId}`,
        params: { school: d.school, deadline: chinaDate(d.endTime), link: '/home/myOrderCai' },
      });
  });
  return due.length;
}
