import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import QRCode from 'qrcode';
import { maskIdNumber } from '@portal/contract/validation';
import { ORDER_STATE } from '@portal/contract/order-states';
import {
  COHORT_STATES,
  type CohortEntry,
  type CohortPage,
  type CohortQuery,
  type CohortRow,
  type CohortState,
  type CohortTask,
} from '@portal/contract/cohort';
import type { AppContext } from '../../context.ts';
import { standingReasons } from '../review/public.ts';
import { nationalPhotoReports, nationalStudents, orderDetails, orders, schools, tasks } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';

/**
 * A school's cohort: every student of the school on the national list, against one collection
 * task, in the state of that student's order for the task (ARCHITECTURE.md, "School accounts").
 * A school account reaches only its own schools' tasks; an admin reaches every task.
 */

type TaskRow = typeof tasks.$inferSelect & { schoolName: string };

const S = ORDER_STATE;
const APPROVED: number[] = [S.TO_BE_MADE, S.IN_PRODUCTION, S.SHIPPED, S.COMPLETED];

/** The schools a staff member may see: a school account its own, an admin all (null). */
function scopeOf(staff: StaffContext): string[] | null {
  return staff.role === 'school' ? (staff.schools ?? []) : null;
}

async function tasksInScope(ctx: AppContext, staff: StaffContext, taskId?: number): Promise<TaskRow[]> {
  const scope = scopeOf(staff);
  if (scope && !scope.length) return [];
  const rows = await ctx.db
    .select({ task: tasks, schoolName: schools.name })
    .from(tasks)
    .innerJoin(schools, eq(schools.yxdm, tasks.yxdm))
    .where(and(scope ? inArray(tasks.yxdm, scope) : undefined, taskId ? eq(tasks.id, taskId) : undefined))
    .orderBy(desc(tasks.active), desc(tasks.endTime), asc(tasks.id));
  return rows.map((r) => ({ ...r.task, schoolName: r.schoolName }));
}

/** One task the staff member may see; another school's task is refused, an unknown one is 404. */
async function taskFor(ctx: AppContext, staff: StaffContext, taskId: number): Promise<TaskRow> {
  const [t] = await tasksInScope(ctx, staff, taskId);
  if (t) return t;
  const [exists] = await ctx.db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  throw exists ? forbidden('console.cohortTaskForbidden') : notFound();
}

/** Every student of the task's school with the state of their order for it. */
async function cohortRows(ctx: AppContext, task: TaskRow): Promise<CohortRow[]> {
  const students = await ctx.db
    .select({
      xh: nationalStudents.xh,
      xm: nationalStudents.xm,
      zjhmEnc: nationalStudents.zjhmEnc,
      major: nationalStudents.major,
    })
    .from(nationalStudents)
    .where(eq(nationalStudents.yxdm, task.yxdm))
    .orderBy(asc(nationalStudents.xh));
  // The task's persons, newest order last so it wins; closed orders count as not started.
  const persons = await ctx.db
    .select({
      detailId: orderDetails.id,
      photoId: orderDetails.photoId,
      orderId: orders.id,
      studentId: orderDetails.studentId,
      state: orders.state,
      orderNo: orders.orderNo,
      refuseReason: orders.refuseReason,
      updatedAt: orders.updatedAt,
    })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(and(eq(orderDetails.taskId, task.id), eq(orders.kind, 'task')))
    .orderBy(asc(orders.id));
  const detailIds = persons.map((p) => p.detailId);
  const reported = new Set(
    detailIds.length
      ? (
          await ctx.db
            .select({ id: nationalPhotoReports.orderDetailId })
            .from(nationalPhotoReports)
            .where(
              and(inArray(nationalPhotoReports.orderDetailId, detailIds), eq(nationalPhotoReports.status, 'accepted')),
            )
        ).map((r) => r.id)
      : [],
  );
  const byStudent = new Map<string, (typeof persons)[number]>();
  for (const p of persons) if (p.studentId && p.state !== S.CLOSED) byStudent.set(p.studentId, p);
  // Each refused person's own reason in both languages (the order's one line of words is Chinese).
  const reasons = await standingReasons(
    ctx.db,
    [...byStudent.values()].filter((p) => p.state === S.REJECTED).map((p) => ({ ...p, id: p.detailId })),
  );
  return students.map((s) => {
    const p = byStudent.get(s.xh);
    const state: CohortState = !p
      ? 'notStarted'
      : reported.has(p.detailId)
        ? 'reported'
        : APPROVED.includes(p.state)
          ? 'approved'
          : p.state === S.REJECTED
            ? 'refused'
            : p.state === S.PENDING_REVIEW
              ? 'inReview'
              : p.state === S.PAID
                ? 'paid'
                : 'submitted';
    return {
      studentId: s.xh,
      name: s.xm,
      idNumMask: s.zjhmEnc ? maskIdNumber(ctx.pii.decrypt(s.zjhmEnc)) : null,
      major: s.major,
      state,
      orderNo: p?.orderNo ?? null,
      refuseReason:
        state !== 'refused' || !p
          ? null
          : (reasons.get(p.detailId) ?? (p.refuseReason ? { zh: p.refuseReason, en: p.refuseReason } : null)),
      updatedAt: p ? p.updatedAt.toISOString() : null,
      resettable: state === 'approved' && p?.state === S.TO_BE_MADE,
    };
  });
}

function countStates(rows: CohortRow[]): Record<CohortState, number> {
  const counts = Object.fromEntries(COHORT_STATES.map((s) => [s, 0])) as Record<CohortState, number>;
  for (const r of rows) counts[r.state] += 1;
  return counts;
}

function present(task: TaskRow, rows: CohortRow[]): CohortTask {
  return {
    id: task.id,
    yxdm: task.yxdm,
    schoolName: task.schoolName,
    nameZh: task.nameZh,
    nameEn: task.nameEn,
    featureCode: task.featureCode,
    endTime: task.endTime.toISOString(),
    active: task.active,
    total: rows.length,
    counts: countStates(rows),
  };
}

export async function cohortTasks(ctx: AppContext, staff: StaffContext): Promise<CohortTask[]> {
  const list = await tasksInScope(ctx, staff);
  return Promise.all(list.map(async (t) => present(t, await cohortRows(ctx, t))));
}

const matches = (r: CohortRow, q: string) => r.studentId.includes(q) || r.name.includes(q);

export async function cohortPage(ctx: AppContext, staff: StaffContext, query: CohortQuery): Promise<CohortPage> {
  const task = await taskFor(ctx, staff, query.taskId);
  const all = await cohortRows(ctx, task);
  const q = query.q?.trim();
  const hits = all.filter((r) => (!q || matches(r, q)) && (!query.state || r.state === query.state));
  const from = (query.page - 1) * query.size;
  return { task: present(task, all), rows: hits.slice(from, from + query.size), total: hits.length };
}

/**
 * The order line of one student of a task the staff member may see (the school's reset of an
 * approved photo, done by the review area): another school's task is refused, no order is 404.
 */
export async function cohortPerson(
  ctx: AppContext,
  staff: StaffContext,
  taskId: number,
  studentId: string,
): Promise<{ orderId: number; detailId: number }> {
  const task = await taskFor(ctx, staff, taskId);
  const [person] = await ctx.db
    .select({ detailId: orderDetails.id, orderId: orders.id })
    .from(orderDetails)
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(
      and(
        eq(orderDetails.taskId, task.id),
        eq(orderDetails.studentId, studentId.trim()),
        eq(orders.kind, 'task'),
        ne(orders.state, S.CLOSED),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(1);
  if (!person) throw notFound('console.cohortNoOrder');
  return person;
}

/** The whole cohort of a task (the Excel export), with the task for its title. */
export async function cohortAll(ctx: AppContext, staff: StaffContext, taskId: number) {
  const task = await taskFor(ctx, staff, taskId);
  return { task, rows: await cohortRows(ctx, task) };
}

/**
 * The printable entry: the address students open (the collection page with the school and the
 * feature code filled in) as text and as a QR code, under the configured public address.
 */
export async function cohortEntry(
  ctx: AppContext,
  staff: StaffContext,
  taskId: number,
  origin: string,
): Promise<CohortEntry> {
  const task = await taskFor(ctx, staff, taskId);
  const base = (ctx.config.publicUrl ?? origin).replace(/\/+$/, '');
  const url = `${base}/home/collectFirst?yxdm=${encodeURIComponent(task.yxdm)}&code=${encodeURIComponent(task.featureCode)}`;
  return {
    taskId: task.id,
    schoolName: task.schoolName,
    nameZh: task.nameZh,
    nameEn: task.nameEn,
    featureCode: task.featureCode,
    endTime: task.endTime.toISOString(),
    url,
    qrDataUrl: await QRCode.toDataURL(url, { margin: 1, width: 360, errorCorrectionLevel: 'M' }),
  };
}
