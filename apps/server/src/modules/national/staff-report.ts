import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { NationalReportBody, NationalReportItem, NationalReportJob, ReportStatus } from '@portal/contract/console';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { withSessionAdvisoryLock } from '../../db/client.ts';
import { nationalPhotoReports, nationalReportJobs, orderDetails, orders, staffUsers } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import type { PhotoReportItem, PhotoReportOutcome } from '../../providers/national-report.ts';
import { readPhotoBytes } from '../photos/public.ts';
import { writeAudit } from '../staff/public.ts';
import { approvedPhotoRows, nationalJpeg } from './staff-export.ts';
import { branchScope } from '../orders/public.ts';
import { lineToOrder } from '../orders/public.ts';
import { noticeNationalRefused } from '../notices/public.ts';

/** The advisory lock of report sending: one instance sends at a time (see ARCHITECTURE.md, "Growing past one machine"). */
export const NATIONAL_REPORT_LOCK_KEY = 7_700_002;
/** Serialises starting runs (one running at a time). */
const START_LOCK_KEY = 7_700_003;

type JobRow = typeof nationalReportJobs.$inferSelect;

function jobView(j: JobRow, staffName: string | null): NationalReportJob {
  return {
    id: j.id,
    state: j.state,
    scope: j.scope as NationalReportBody,
    total: j.total,
    accepted: j.accepted,
    rejected: j.rejected,
    failed: j.failed,
    pending: Math.max(0, j.total - j.accepted - j.rejected - j.failed),
    calls: j.calls,
    failedCalls: j.failedCalls,
    lastError: j.lastError,
    staffName,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

const SLICE = 2000;
function* slices<T>(all: T[]): Generator<T[]> {
  for (let i = 0; i < all.length; i += SLICE) yield all.slice(i, i + SLICE);
}

/**
 * Starts a run over the approved photos of a school or date range: each gets a report record, and
 * the run takes up those not yet accepted (new, rejected or failed before). Audited.
 */
export async function startNationalReport(
  ctx: AppContext,
  staff: StaffContext,
  scope: NationalReportBody,
): Promise<NationalReportJob> {
  const rows = await approvedPhotoRows(ctx, staff, scope);
  if (!rows.length) throw badRequest('console.nothingToReport');
  const pairs = new Set(rows.map((r) => `${r.id}:${r.photoId}`));
  const job = await withTx(ctx, async ({ db: tx }) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${START_LOCK_KEY})`);
    const [running] = await tx
      .select({ id: nationalReportJobs.id })
      .from(nationalReportJobs)
      .where(eq(nationalReportJobs.state, 'running'))
      .limit(1);
    if (running) throw conflict('console.reportRunning');
    // In slices: a university's cohort is more rows than one statement may carry parameters.
    const open: { id: number; detail: number; photo: number }[] = [];
    for (const slice of slices(rows)) {
      await tx
        .insert(nationalPhotoReports)
        .values(slice.map((r) => ({ orderDetailId: r.id, photoId: r.photoId })))
        .onConflictDoNothing();
      const found = await tx
        .select({
          id: nationalPhotoReports.id,
          detail: nationalPhotoReports.orderDetailId,
          photo: nationalPhotoReports.photoId,
        })
        .from(nationalPhotoReports)
        .where(
          and(
            inArray(
              nationalPhotoReports.orderDetailId,
              slice.map((r) => r.id),
            ),
            ne(nationalPhotoReports.status, 'accepted'),
          ),
        );
      open.push(...found.filter((r) => pairs.has(`${r.detail}:${r.photo}`)));
    }
    if (!open.length) throw badRequest('console.allReported');
    const [j] = await tx
      .insert(nationalReportJobs)
      .values({ staffId: staff.staffId, scope, total: open.length })
      .returning();
    for (const slice of slices(open))
      await tx
        .update(nationalPhotoReports)
        .set({ jobId: j.id, status: 'pending', reason: null, attempts: 0, nextAttemptAt: null })
        .where(
          inArray(
            nationalPhotoReports.id,
            slice.map((r) => r.id),
          ),
        );
    await writeAudit(tx, staff, {
      action: 'national.report.start',
      targetKind: 'nationalReport',
      targetId: j.id,
      after: { ...scope, total: open.length, approved: rows.length },
    });
    return j;
  });
  return jobView(job, staff.name);
}

export async function listNationalReports(ctx: AppContext): Promise<NationalReportJob[]> {
  const rows = await ctx.db
    .select({ j: nationalReportJobs, name: staffUsers.name })
    .from(nationalReportJobs)
    .leftJoin(staffUsers, eq(staffUsers.id, nationalReportJobs.staffId))
    .orderBy(desc(nationalReportJobs.id))
    .limit(50);
  return rows.map((r) => jobView(r.j, r.name));
}

/** A run's photos with their outcome (a branch account sees its own branch's only). */
export async function reportItems(
  ctx: AppContext,
  staff: StaffContext,
  jobId: number,
  status?: ReportStatus,
): Promise<NationalReportItem[]> {
  const [job] = await ctx.db
    .select({ id: nationalReportJobs.id })
    .from(nationalReportJobs)
    .where(eq(nationalReportJobs.id, jobId));
  if (!job) throw notFound();
  const rows = await ctx.db
    .select({ r: nationalPhotoReports, d: orderDetails })
    .from(nationalPhotoReports)
    .innerJoin(orderDetails, eq(orderDetails.id, nationalPhotoReports.orderDetailId))
    .innerJoin(orders, lineToOrder)
    .where(
      and(
        eq(nationalPhotoReports.jobId, jobId),
        status ? eq(nationalPhotoReports.status, status) : undefined,
        branchScope(staff),
      ),
    )
    .orderBy(asc(nationalPhotoReports.id))
    .limit(1000);
  return rows.map(({ r, d }) => ({
    id: r.id,
    name: d.name,
    yxdm: d.yxdm,
    schoolName: d.schoolName,
    studentId: d.studentId,
    idNumMask: d.idNumMask,
    status: r.status,
    reason: r.reason,
    attempts: r.attempts,
    reportedAt: r.reportedAt?.toISOString() ?? null,
  }));
}

export interface ReportRunOptions {
  now?: () => Date;
  /** Tests: called while the lock is held. */
  onLocked?: () => Promise<void>;
  /** Stop after this many calls (tests); default: until nothing is due. */
  maxCalls?: number;
}

/**
 * Sends due report records in batches under the sending lock: per-item outcomes are written back;
 * a call failing as a whole counts one attempt for each of its items, which are tried again after
 * a pause until the attempts run out (then `failed`). A run with nothing left is closed and audited.
 */
export async function runNationalReports(
  ctx: AppContext,
  log: FastifyBaseLogger,
  opts: ReportRunOptions = {},
): Promise<{ ran: boolean; calls: number }> {
  const cfg = ctx.config.national;
  const now = opts.now ?? (() => new Date());
  let calls = 0;
  const ran = await withSessionAdvisoryLock(ctx, NATIONAL_REPORT_LOCK_KEY, async () => {
    await opts.onLocked?.();
    while (opts.maxCalls === undefined || calls < opts.maxCalls) {
      const [job] = await ctx.db
        .select()
        .from(nationalReportJobs)
        .where(eq(nationalReportJobs.state, 'running'))
        .orderBy(asc(nationalReportJobs.id))
        .limit(1);
      if (!job) return;
      const due = await ctx.db
        .select({ r: nationalPhotoReports, d: orderDetails })
        .from(nationalPhotoReports)
        .innerJoin(orderDetails, eq(orderDetails.id, nationalPhotoReports.orderDetailId))
        .where(
          and(
            eq(nationalPhotoReports.jobId, job.id),
            eq(nationalPhotoReports.status, 'pending'),
            or(isNull(nationalPhotoReports.nextAttemptAt), lte(nationalPhotoReports.nextAttemptAt, now())),
          ),
        )
        .orderBy(asc(nationalPhotoReports.id))
        .limit(cfg.reportBatch);
      if (!due.length) {
        const [{ n }] = await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(nationalPhotoReports)
          .where(and(eq(nationalPhotoReports.jobId, job.id), eq(nationalPhotoReports.status, 'pending')));
        if (n > 0) return; // waiting out a pause after a failed call
        const [done] = await ctx.db
          .update(nationalReportJobs)
          .set({ state: 'done', finishedAt: now() })
          .where(eq(nationalReportJobs.id, job.id))
          .returning();
        await writeAudit(ctx.db, null, {
          action: 'national.report.done',
          targetKind: 'nationalReport',
          targetId: job.id,
          after: { accepted: done.accepted, rejected: done.rejected, failed: done.failed },
        });
        continue;
      }
      await sendBatch(ctx, log, job, due, now);
      calls++;
    }
  });
  return { ran, calls };
}

type Due = { r: typeof nationalPhotoReports.$inferSelect; d: typeof orderDetails.$inferSelect };

async function sendBatch(
  ctx: AppContext,
  log: FastifyBaseLogger,
  job: JobRow,
  due: Due[],
  now: () => Date,
): Promise<void> {
  const cfg = ctx.config.national;
  const batch: PhotoReportItem[] = [];
  const missing: number[] = [];
  for (const { r, d } of due) {
    try {
      const jpeg = await nationalJpeg(await readPhotoBytes(ctx, r.photoId));
      batch.push({
        ref: String(r.id),
        idNumber: d.idNumEnc ? ctx.pii.decrypt(d.idNumEnc) : null,
        studentId: d.studentId,
        name: d.name,
        yxdm: d.yxdm ?? '',
        jpeg,
      });
    } catch {
      missing.push(r.id);
    }
  }
  if (missing.length)
    await settle(
      ctx,
      job.id,
      missing.map((id) => ({ ref: String(id), accepted: false, reason: 'PHOTO_MISSING' })),
      'failed',
      now(),
    );
  if (!batch.length) return;
  let outcomes: PhotoReportOutcome[];
  try {
    outcomes = await ctx.national.reportPhotos(batch);
  } catch (e) {
    const msg = (e as Error).message.slice(0, 200) || 'call failed';
    log.warn({ jobId: job.id, items: batch.length, error: msg }, 'national report call failed');
    const ids = batch.map((b) => Number(b.ref));
    const pause = cfg.reportSeconds * 1000;
    await ctx.db
      .update(nationalPhotoReports)
      .set({
        attempts: sql`${nationalPhotoReports.attempts} + 1`,
        nextAttemptAt: new Date(now().getTime() + pause),
        reason: msg,
      })
      .where(inArray(nationalPhotoReports.id, ids));
    const spent = await ctx.db
      .select({ id: nationalPhotoReports.id })
      .from(nationalPhotoReports)
      .where(
        and(inArray(nationalPhotoReports.id, ids), sql`${nationalPhotoReports.attempts} >= ${cfg.reportAttempts}`),
      );
    if (spent.length)
      await settle(
        ctx,
        job.id,
        spent.map((s) => ({ ref: String(s.id), accepted: false, reason: msg })),
        'failed',
        now(),
      );
    await ctx.db
      .update(nationalReportJobs)
      .set({
        calls: sql`${nationalReportJobs.calls} + 1`,
        failedCalls: sql`${nationalReportJobs.failedCalls} + 1`,
        lastError: msg,
      })
      .where(eq(nationalReportJobs.id, job.id));
    return;
  }
  await settle(ctx, job.id, outcomes, null, now());
  await ctx.db
    .update(nationalReportJobs)
    .set({ calls: sql`${nationalReportJobs.calls} + 1` })
    .where(eq(nationalReportJobs.id, job.id));
}

/** Writes outcomes back and adds them to the run's counts (failed when `as` says so). */
async function settle(
  ctx: AppContext,
  jobId: number,
  outcomes: PhotoReportOutcome[],
  as: 'failed' | null,
  at: Date,
): Promise<void> {
  const count = { accepted: 0, rejected: 0, failed: 0 };
  await withTx(ctx, async ({ db: tx }) => {
    for (const o of outcomes) {
      const status = as ?? (o.accepted ? 'accepted' : 'rejected');
      count[status]++;
      await tx
        .update(nationalPhotoReports)
        .set({ status, reason: o.accepted ? null : o.reason, reportedAt: as ? null : at, nextAttemptAt: null })
        .where(eq(nationalPhotoReports.id, Number(o.ref)));
      if (status === 'rejected') await noticeNationalRefused(tx, Number(o.ref), o.reason ?? '', at);
    }
    await tx
      .update(nationalReportJobs)
      .set({
        accepted: sql`${nationalReportJobs.accepted} + ${count.accepted}`,
        rejected: sql`${nationalReportJobs.rejected} + ${count.rejected}`,
        failed: sql`${nationalReportJobs.failed} + ${count.failed}`,
      })
      .where(eq(nationalReportJobs.id, jobId));
  });
}
