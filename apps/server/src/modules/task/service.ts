import { canDelete, canEditShipping, canModify, ORDER_STATE } from '@portal/contract/order-states';
import { maskIdNumber } from '@portal/contract/validation';
import { shippingComplete } from '@portal/contract/orders';
import {
  MATCH_CODE,
  MATCH_STATUS,
  TASK_ORDER_TYPE,
  type MatchStudentData,
  type ProveStudentBody,
  type TaskCreateBody,
  type TaskPrefill,
} from '@portal/contract/task';
import type { z } from 'zod';
import type { taskShippingBody, taskUpdatePersonBody } from '@portal/contract/task';
import { and, eq } from 'drizzle-orm';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { nationalStudents } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound, withCode } from '../../http/errors.ts';
import type { NationalStudent } from '../../providers/national.ts';
import * as repo from './repo.ts';
import type { FastifyBaseLogger } from 'fastify';
import { closeOpenPayments } from '../payments/public.ts';
import { quietLog } from '../payments/public.ts';
import { presentDetail, presentOrder } from './present.ts';
import { linePhotoId, photoConsent } from '../orders/public.ts';
import { ownedOrder } from '../orders/public.ts';
import { createOrder as startOrder, updateOrderFields } from '../orders/public.ts';
import { settleZeroAmount } from '../payments/public.ts';
import { paymentOutcomes } from '../../lib/metrics.ts';
import { forceStateForDemo, mayTransition, transition } from '../orders/public.ts';
import { factsOf } from '../orders/public.ts';
import { hasProof, proveRecord } from './proof.ts';

/**
 * The task of a school and feature code; 404 when there is none. Two active tasks on one link
 * cannot be saved (a partial unique index); should two still match, the link answers 409 and
 * the clash is logged as an error, never settled by picking one.
 */
async function taskFor(ctx: AppContext, yxdm: string, signature: string, log: FastifyBaseLogger) {
  const found = await repo.findTasks(ctx.db, yxdm, signature);
  if (found.length > 1) {
    log.error({ yxdm, taskIds: found.map((t) => t.id) }, 'two active tasks share a school and feature code');
    throw conflict('task.ambiguous');
  }
  if (!found[0]) throw notFound('task.notFound');
  return found[0];
}

const isClosed = (task: repo.TaskRow, now = new Date()) => task.endTime.getTime() < now.getTime();

/** getTaskIsMosaic: 1 mosaic (app collection code), 0 plain; 400 past the web deadline (mini-programme). */
export async function taskIsMosaic(
  ctx: AppContext,
  yxdm: string,
  signature: string,
  log: FastifyBaseLogger = quietLog,
): Promise<number> {
  const task = await taskFor(ctx, yxdm, signature, log);
  if (isClosed(task)) throw badRequest('task.useMiniProgram');
  return task.mosaic ? 1 : 0;
}

/** The platform's record of a student: by student number, else by ID number within the school. */
async function nationalStudent(ctx: AppContext, yxdm: string, number: string): Promise<NationalStudent | null> {
  const platform = ctx.national;
  const byXh = await platform.matchStudent(yxdm, number);
  if (byXh) return byXh;
  const [r] = await ctx.db
    .select({ xh: nationalStudents.xh })
    .from(nationalStudents)
    .where(and(eq(nationalStudents.yxdm, yxdm), eq(nationalStudents.zjhmHash, ctx.pii.blindIndex(number))))
    .limit(1);
  return r ? platform.matchStudent(yxdm, r.xh) : null;
}

/** 201 / 202 when the member already has an unpaid / paid order for the task. */
async function refuseDuplicate(ctx: AppContext, memberId: number, task: repo.TaskRow) {
  const states = await repo.memberOrderStates(ctx.db, memberId, task.id);
  if (states.includes(ORDER_STATE.PENDING_PAYMENT))
    throw withCode(MATCH_CODE.UNPAID, 'task.hasUnpaid', { status: MATCH_STATUS.UNPAID });
  if (states.length) throw withCode(MATCH_CODE.PAID, 'task.hasPaid', { status: MATCH_STATUS.PAID });
}

export type MatchAnswer = MatchStudentData & { prefill: TaskPrefill };

/**
 * 200 with the task and, once the member has proved being the platform's student (proof.ts),
 * the record's fields (ID number masked). Before the proof the answer names no one: proof
 * 'needed', no row, serial number or personal field.
 */
export async function matchStudent(
  ctx: AppContext,
  memberId: number,
  q: { yxdm: string; signature: string; studentId: string },
  log: FastifyBaseLogger = quietLog,
): Promise<MatchAnswer> {
  const task = await taskFor(ctx, q.yxdm, q.signature, log);
  await refuseDuplicate(ctx, memberId, task);
  if (isClosed(task)) throw badRequest('task.useMiniProgram');
  const found = await nationalStudent(ctx, task.yxdm, q.studentId);
  const proof = !found ? 'none' : (await hasProof(ctx.db, memberId, task.id, found.xh)) ? 'done' : 'needed';
  const s = proof === 'done' ? found : null;
  const yxmc = found?.schoolName ?? (await repo.schoolName(ctx.db, task.yxdm)) ?? '';
  return {
    flag: task.mosaic ? 1 : 0,
    row: s?.id ?? 0,
    bh: s?.bh ?? '',
    yxdm: task.yxdm,
    studentId: q.studentId,
    signature: task.featureCode,
    taskId: task.id,
    proof,
    prefill: {
      taskId: task.id,
      taskName: { zh: task.nameZh, en: task.nameEn },
      priceFen: task.priceFen,
      endTime: task.endTime.toISOString(),
      fy: task.fy,
      mosaic: task.mosaic ? 1 : 0,
      captureOnly: task.captureOnly,
      yxdm: task.yxdm,
      yxmc,
      xm: s?.xm ?? null,
      xh: s?.xh ?? null,
      sfzhMasked: s?.zjhm ? maskIdNumber(s.zjhm) : null,
      hasSfzh: !!s?.zjhm,
      xb: s?.sex ?? null,
      xlcc: s?.education ?? null,
      xllb: s?.xllb ?? null,
      zy: s?.major ?? null,
      bh: s?.bh ?? null,
    },
  };
}

/**
 * proveStudent: the member proves being the matched student with the last 4 characters of the
 * record's ID number; answers the match with the record's fields. 404 when the platform has no
 * such student (nothing to prove: the member types every field).
 */
export async function proveStudent(
  ctx: AppContext,
  memberId: number,
  b: ProveStudentBody,
  ip: string | null,
  log: FastifyBaseLogger = quietLog,
): Promise<MatchAnswer> {
  const task = await taskFor(ctx, b.yxdm, b.signature, log);
  await refuseDuplicate(ctx, memberId, task);
  if (isClosed(task)) throw badRequest('task.useMiniProgram');
  const s = await nationalStudent(ctx, task.yxdm, b.studentId);
  if (!s) throw notFound('task.noStudentRecord');
  await proveRecord(ctx, { memberId, yxdm: task.yxdm, xh: s.xh, ip, now: Date.now() }, task.id, s, b.idLast4);
  return matchStudent(ctx, memberId, b, log);
}

export async function createOrder(
  ctx: AppContext,
  memberId: number,
  b: TaskCreateBody,
): Promise<{ id: number; orderNo: string }> {
  const task = await repo.taskById(ctx.db, b.taskId);
  if (!task || !task.active || task.yxdm !== b.yxdm || task.featureCode.toUpperCase() !== b.signature.toUpperCase())
    throw notFound('task.notFound');
  if (isClosed(task)) throw conflict('task.closed');
  // The same separate consent as the individual form, with its version, before the photo and ID number are processed.
  if (!(await photoConsent(ctx, memberId)).given) throw badRequest('order.consentRequired');
  await refuseDuplicate(ctx, memberId, task);
  // Fields the platform knows are locked to its values (shown disabled on the page), and only
  // for a member who proved being that student.
  const s = await nationalStudent(ctx, task.yxdm, b.studentId);
  if (s && !(await hasProof(ctx.db, memberId, task.id, s.xh))) throw forbidden('task.proofRequired');
  // The record's ID number is the one (the page shows it masked); a typed one never replaces it.
  let idNum = b.idNum?.trim() ?? '';
  if (s?.zjhm) idNum = s.zjhm;
  else if (idNum.includes('*')) throw badRequest('idNum.invalid');
  const photoId = await linePhotoId(ctx, memberId, b.picUrl);
  const now = new Date();
  const schoolName = s?.schoolName ?? (await repo.schoolName(ctx.db, task.yxdm)) ?? b.schoolName ?? null;
  const created = await withTx(ctx, async ({ db: tx }) => {
    const o = await startOrder(
      tx,
      'task',
      {
        memberId,
        type: TASK_ORDER_TYPE,
        unitPriceFen: task.priceFen,
        totalFen: task.priceFen,
        isFile: 1,
        taskId: task.id,
      },
      [
        {
          name: s?.xm ?? b.name,
          mobile: b.mobile,
          mail: b.mail,
          idType: b.idType,
          idNumEnc: idNum ? ctx.pii.encrypt(idNum) : null,
          idNumHash: idNum ? ctx.pii.blindIndex(idNum) : null,
          idNumMask: idNum ? maskIdNumber(idNum) : null,
          sex: s?.sex ?? b.sex,
          schoolName,
          yxdm: task.yxdm,
          education: s?.education ?? b.education,
          major: s?.major ?? (b.major || null),
          studentId: s?.xh ?? b.studentId,
          xllb: s?.xllb ?? b.xllb,
          schoolType: b.schoolType,
          photoId,
          picAllowState: 1,
          fy: task.fy,
          taskId: task.id,
          signature: task.featureCode,
          bizSerialNum: b.bizSerialNum ?? null,
          thirdStudentId: s ? String(s.id) : null,
          fileTime: now,
        },
      ],
    );
    // A zero amount counts as paid (document 2, section 4): the one zero settlement of payments.
    if (task.priceFen === 0) await settleZeroAmount(tx, o, 0, { kind: 'member', memberId });
    return o;
  });
  if (task.priceFen === 0) paymentOutcomes.inc({ provider: 'zero', outcome: 'settled' });
  return { id: created.id, orderNo: created.orderNo };
}

/** The member's own centralised order (the orders module's one ownership rule). */
const ownOrder = (ctx: AppContext, memberId: number, id: number) => ownedOrder(ctx.db, memberId, id, ['task']);

export async function orderWithDetails(ctx: AppContext, memberId: number, id: number) {
  const o = await ownOrder(ctx, memberId, id);
  const [details, task] = await Promise.all([
    repo.detailsOf(ctx.db, [o.id]),
    o.taskId ? repo.taskById(ctx.db, o.taskId) : null,
  ]);
  return {
    order: presentOrder(o, task, details),
    orderDetails: details.map((d) => presentDetail(ctx, d)),
    shippingInfo: null,
  };
}

export async function listOrders(ctx: AppContext, memberId: number) {
  const list = await repo.memberTaskOrders(ctx.db, memberId);
  const details = await repo.detailsOf(
    ctx.db,
    list.map((o) => o.id),
  );
  const tasks = await repo.tasksByIds(ctx.db, [...new Set(list.map((o) => o.taskId).filter((t): t is number => !!t))]);
  return list.map((o) => {
    const mine = details.filter((d) => d.orderId === o.id);
    return {
      ...presentOrder(o, o.taskId ? tasks.get(o.taskId) : null, mine),
      orderDetails: mine.map((d) => presentDetail(ctx, d)),
    };
  });
}

export async function updatePerson(ctx: AppContext, memberId: number, b: z.infer<typeof taskUpdatePersonBody>) {
  const d = await repo.detailById(ctx.db, b.id);
  if (!d) throw notFound();
  await ownOrder(ctx, memberId, d.orderId);
  const photoId = await linePhotoId(ctx, memberId, b.picUrl);
  await withTx(ctx, async ({ db: tx }) => {
    // The order row is locked, so a staff review cannot decide between this check and the write.
    const o = await ownedOrder(tx, memberId, d.orderId, ['task'], { forUpdate: true });
    const [details, task] = await Promise.all([
      repo.detailsOf(tx, [o.id]),
      o.taskId ? repo.taskById(tx, o.taskId) : null,
    ]);
    if (!canModify(factsOf(o, { endTime: task?.endTime, fileTime: details[0]?.fileTime }))) throw conflict();
    const newPhoto = photoId !== d.photoId;
    await repo.updateDetail(tx, d.id, {
      mobile: b.mobile,
      mail: b.mail,
      photoId,
      ...(newPhoto ? { fileTime: new Date() } : {}),
    });
    await updateOrderFields(tx, o.id, { isFile: 1 });
    // A rejected order goes back to review with its fixed photo.
    if (mayTransition(o, 'resubmit')) await transition(tx, o, 'resubmit', { kind: 'member', memberId });
  });
}

export async function updateShipping(ctx: AppContext, memberId: number, b: z.infer<typeof taskShippingBody>) {
  const o = await ownOrder(ctx, memberId, b.id);
  if (!canEditShipping(factsOf(o))) throw conflict();
  const name = await repo.carrierName(ctx.db, b.shippingType);
  if (!name) throw badRequest('shipping.carrierWayRequired');
  const { id: _id, ...fields } = b;
  await updateOrderFields(ctx.db, o.id, { ...fields, shippingTypeName: name });
}

export async function isShipping(ctx: AppContext, memberId: number, id: number) {
  const o = await ownOrder(ctx, memberId, id);
  return { isShipping: shippingComplete(o) ? 1 : 0 };
}

/**
 * Deletes an unpaid task order. A payment in flight is closed at its platform first; if the
 * member paid it meanwhile the order is settled and not deleted (409). An order that had
 * any payment is closed (150), never deleted, so a late charge is found and refunded.
 */
export async function deleteOrder(ctx: AppContext, memberId: number, id: number, log: FastifyBaseLogger = quietLog) {
  const o = await ownOrder(ctx, memberId, id);
  if (!canDelete(factsOf(o))) throw conflict();
  if ((await closeOpenPayments(ctx, o.id, log)) === 'paid') throw conflict('pay.notPayable');
  if (!(await repo.deleteUnpaidOrder(ctx.db, o.id, { kind: 'member', memberId }))) throw conflict();
}

/** Demo hooks for journeys: staff-side state changes the console would make. */
export async function devSetState(ctx: AppContext, id: number, state: number, refuseReason?: string | null) {
  const o = await repo.orderById(ctx.db, id);
  if (!o) throw notFound();
  await forceStateForDemo(ctx.db, o, state, refuseReason ?? null, state !== ORDER_STATE.PENDING_PAYMENT && !o.payTime);
}

export async function devSetTaskEnd(ctx: AppContext, taskId: number, endTime: Date) {
  const t = await repo.taskById(ctx.db, taskId);
  if (!t) throw notFound('task.notFound');
  await repo.updateTask(ctx.db, taskId, { endTime });
}
