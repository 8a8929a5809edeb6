import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { ExportLeftOutRow, NationalExportBody, NationalExportJob } from '@portal/contract/national-export';
import type { AppContext } from '../../context.ts';
import { withTx } from '../../db/tx.ts';
import { nationalExportFiles, nationalExports, orderDetails, orders, staffUsers } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from '../staff/public.ts';
import { countInScope } from './export-rows.ts';

type Job = typeof nationalExports.$inferSelect;

/** The branch a staff member's exports are limited to: a branch account's own (none: it sees nothing). */
const branchOf = (staff: StaffContext): string | null => (staff.role === 'branch' ? (staff.branch ?? '\u0000') : null);

/** The jobs a staff member may see: a branch account, its branch's only. */
function visible(staff: StaffContext): SQL | undefined {
  const b = branchOf(staff);
  return b === null ? undefined : eq(nationalExports.branch, b);
}

function view(j: Job, staffName: string | null): NationalExportJob {
  return {
    id: j.id,
    state: j.state,
    scope: j.scope as NationalExportBody,
    total: j.total,
    done: j.done,
    leftOut: j.leftOut,
    photoCount: j.photoCount,
    bytes: j.bytes,
    staffName,
    lastError: j.lastError,
    createdAt: j.createdAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
  };
}

/** Queues an export of everything in scope (no row limit); a worker takes it up. Audited. */
export async function startExport(
  ctx: AppContext,
  staff: StaffContext,
  scope: NationalExportBody,
): Promise<NationalExportJob> {
  const branch = branchOf(staff);
  const total = await countInScope(ctx.db, scope, branch);
  if (!total) throw badRequest('console.nothingToExport');
  const job = await withTx(ctx, async (t) => {
    const [j] = await t.db
      .insert(nationalExports)
      .values({ staffId: staff.staffId, scope, photoCount: 0, state: 'queued', branch, total })
      .returning();
    await writeAudit(t.db, staff, {
      action: 'national.export.start',
      targetKind: 'export',
      targetId: j.id,
      after: { ...scope, total },
    });
    return j;
  });
  return view(job, staff.name);
}

export async function listExports(ctx: AppContext, staff: StaffContext): Promise<NationalExportJob[]> {
  const rows = await ctx.db
    .select({ j: nationalExports, name: staffUsers.name })
    .from(nationalExports)
    .leftJoin(staffUsers, eq(staffUsers.id, nationalExports.staffId))
    .where(visible(staff))
    .orderBy(desc(nationalExports.id))
    .limit(50);
  return rows.map((r) => view(r.j, r.name));
}

async function visibleJob(ctx: AppContext, staff: StaffContext, id: number): Promise<Job> {
  const [j] = await ctx.db
    .select()
    .from(nationalExports)
    .where(and(eq(nationalExports.id, id), visible(staff)));
  if (!j) throw notFound();
  return j;
}

/** The rows a job left out so far, and why (at most 1,000; the ZIP's left-out.csv has them all). */
export async function leftOutRows(ctx: AppContext, staff: StaffContext, id: number): Promise<ExportLeftOutRow[]> {
  await visibleJob(ctx, staff, id);
  const rows = await ctx.db
    .select({
      yxdm: nationalExportFiles.yxdm,
      name: orderDetails.name,
      studentId: orderDetails.studentId,
      orderNo: orders.orderNo,
      reason: nationalExportFiles.reason,
    })
    .from(nationalExportFiles)
    .innerJoin(orderDetails, eq(orderDetails.id, nationalExportFiles.orderDetailId))
    .innerJoin(orders, eq(orders.id, orderDetails.orderId))
    .where(and(eq(nationalExportFiles.exportId, id), eq(nationalExportFiles.kind, 'left-out')))
    .orderBy(asc(nationalExportFiles.id))
    .limit(1000);
  return rows.map((r) => ({ ...r, reason: r.reason as ExportLeftOutRow['reason'] }));
}

/** How long a download link works. */
const LINK_SECONDS = 600;

const linkSig = (ctx: AppContext, id: number, exp: number) =>
  createHmac('sha256', ctx.photos.urlKey).update(`national-export.${id}.${exp}`).digest('base64url').slice(0, 32);

/**
 * A signed, expiring link to a finished export's ZIP (a browser download sends no staff header),
 * signed like photo links; each link handed out is audited, as the ZIP holds ID numbers in clear.
 */
export async function exportLink(
  ctx: AppContext,
  staff: StaffContext,
  id: number,
): Promise<{ url: string; expiresAt: string }> {
  const j = await visibleJob(ctx, staff, id);
  if (j.state !== 'done' || !j.storageKey) throw conflict('console.exportNotReady');
  const exp = Math.floor(Date.now() / 1000) + LINK_SECONDS;
  await writeAudit(ctx.db, staff, { action: 'national.export.download', targetKind: 'export', targetId: id });
  return {
    url: `/api/export-file/${id}?exp=${exp}&sig=${linkSig(ctx, id, exp)}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

/** The stored ZIP behind a link this server signed and that has not expired. */
export async function linkedExport(
  ctx: AppContext,
  id: number,
  exp: number,
  sig: string,
): Promise<{ key: string; name: string }> {
  const want = linkSig(ctx, id, exp);
  if (sig.length !== want.length || !timingSafeEqual(Buffer.from(sig), Buffer.from(want)))
    throw forbidden('console.exportLinkInvalid');
  if (exp < Date.now() / 1000) throw forbidden('console.exportLinkInvalid');
  const [j] = await ctx.db.select().from(nationalExports).where(eq(nationalExports.id, id));
  if (!j || j.state !== 'done' || !j.storageKey) throw notFound();
  const scope = j.scope as NationalExportBody;
  return { key: j.storageKey, name: `national-${scope.yxdm ?? 'all'}-${id}.zip` };
}
