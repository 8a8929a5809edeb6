import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog, members, staffUsers } from '../../db/schema.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import type { AuditRow } from '@portal/contract/console';

/** The actor's name: a staff member's for staff rows, the member's for member rows (ids of both tables overlap). */
const staffActor = and(eq(staffUsers.id, auditLog.actorId), eq(auditLog.actorKind, 'staff'));
const memberActor = and(eq(members.id, auditLog.actorId), eq(auditLog.actorKind, 'member'));
const actorName = sql<string | null>`coalesce(${staffUsers.name}, ${members.name})`;

export interface AuditEntry {
  action: string;
  targetKind?: string | null;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
}

/** Who acted, as the audit row records it: a staff member, a member, or the system itself. */
export type AuditActor =
  | { kind: 'member'; memberId: number; ip?: string | null }
  | { kind: 'staff'; staffId: number; ip?: string | null }
  | { kind: 'system' };

/**
 * The one writer of audit rows (see ARCHITECTURE.md, "Where each rule lives"): who did what,
 * when, before and after, in the caller's transaction. Never pass codes, tokens, ID numbers or photos.
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, e: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorKind: actor.kind,
    actorId: actor.kind === 'staff' ? actor.staffId : actor.kind === 'member' ? actor.memberId : null,
    action: e.action,
    targetKind: e.targetKind ?? null,
    targetId: e.targetId === undefined || e.targetId === null ? null : String(e.targetId),
    before: e.before ?? null,
    after: e.after ?? null,
    ip: e.ip ?? (actor.kind === 'system' ? null : (actor.ip ?? null)),
  });
}

/** A console action's audit row: the staff member, or the system when none. */
export async function writeAudit(
  tx: DbOrTx,
  staff: Pick<StaffContext, 'staffId'> | null,
  e: AuditEntry,
): Promise<void> {
  await recordAudit(tx, staff ? { kind: 'staff', staffId: staff.staffId } : { kind: 'system' }, e);
}

export interface AuditQuery {
  actor?: string;
  action?: string;
  targetKind?: string;
  targetId?: string;
  from?: string;
  to?: string;
  page: number;
  size: number;
}

export async function searchAudit(db: Db, q: AuditQuery): Promise<{ total: number; rows: AuditRow[] }> {
  const where: SQL[] = [];
  if (q.actor) where.push(or(ilike(staffUsers.username, `%${q.actor}%`), ilike(staffUsers.name, `%${q.actor}%`))!);
  if (q.action) where.push(ilike(auditLog.action, `%${q.action}%`));
  if (q.targetKind) where.push(eq(auditLog.targetKind, q.targetKind));
  if (q.targetId) where.push(eq(auditLog.targetId, q.targetId));
  if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00+08:00`)));
  if (q.to) where.push(lte(auditLog.createdAt, new Date(`${q.to}T23:59:59.999+08:00`)));
  const cond = where.length ? and(...where) : undefined;
  const base = db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .leftJoin(staffUsers, staffActor);
  const [{ n }] = await base.where(cond);
  const rows = await db
    .select({ a: auditLog, actorName })
    .from(auditLog)
    .leftJoin(staffUsers, staffActor)
    .leftJoin(members, memberActor)
    .where(cond)
    .orderBy(desc(auditLog.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { total: n, rows: rows.map((r) => toAuditRow(r.a, r.actorName)) };
}

export function toAuditRow(a: typeof auditLog.$inferSelect, actorName: string | null): AuditRow {
  return {
    id: a.id,
    actorKind: a.actorKind,
    actorId: a.actorId,
    actorName,
    action: a.action,
    targetKind: a.targetKind,
    targetId: a.targetId,
    before: a.before,
    after: a.after,
    createdAt: a.createdAt.toISOString(),
  };
}

export async function auditOf(db: Db, targetKind: string, targetId: string): Promise<AuditRow[]> {
  const rows = await db
    .select({ a: auditLog, actorName })
    .from(auditLog)
    .leftJoin(staffUsers, staffActor)
    .leftJoin(members, memberActor)
    .where(and(eq(auditLog.targetKind, targetKind), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(200);
  return rows.map((r) => toAuditRow(r.a, r.actorName));
}
