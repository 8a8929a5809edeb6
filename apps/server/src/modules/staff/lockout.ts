import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { staffUsers } from '../../db/schema.ts';
import { notFound, tooMany } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from './audit.ts';

/**
 * Per-account lock-out of staff logins (wrong passwords and wrong TOTP codes alike), counted in
 * the database so every instance shares it. From the 5th failure on, the account is locked for
 * 1 minute after each failure; from the 10th for 15 minutes; from the 15th for an hour. A success
 * clears the count; an admin lifts a lock on the staff page.
 */
export const LOCK_STEPS = [
  { failures: 15, minutes: 60 },
  { failures: 10, minutes: 15 },
  { failures: 5, minutes: 1 },
] as const;

export function lockMinutes(failures: number): number {
  return LOCK_STEPS.find((s) => failures >= s.failures)?.minutes ?? 0;
}

/** The lock the count `f` (a SQL expression) earns, as a timestamp expression (null: none). */
function lockFor(f: ReturnType<typeof sql>) {
  const cases = LOCK_STEPS.map((s) => sql`when ${f} >= ${s.failures} then now() + make_interval(mins => ${s.minutes})`);
  return sql`case ${sql.join(cases, sql` `)} else null end`;
}

const unlocked = or(isNull(staffUsers.lockedUntil), lte(staffUsers.lockedUntil, sql`now()`));

/**
 * Counts an attempt BEFORE its password or code is checked, and locks the account at once when
 * this attempt reaches a step: parallel guesses are each counted, and none gets past the lock.
 * Answers 429 (with the minutes left) when the account is locked now.
 */
export async function claimAttempt(db: DbOrTx, id: number): Promise<number> {
  const next = sql`${staffUsers.loginFailures} + 1`;
  const [row] = await db
    .update(staffUsers)
    .set({ loginFailures: next, lockedUntil: lockFor(next) })
    .where(and(eq(staffUsers.id, id), unlocked))
    .returning({ failures: staffUsers.loginFailures });
  if (row) return row.failures;
  const [s] = await db
    .select({ lockedUntil: staffUsers.lockedUntil })
    .from(staffUsers)
    .where(eq(staffUsers.id, id))
    .limit(1);
  throw lockedError(s?.lockedUntil ?? null);
}

export function lockedError(until: Date | null) {
  const minutes = Math.max(1, Math.ceil(((until?.getTime() ?? Date.now()) - Date.now()) / 60_000));
  return tooMany('console.locked', { minutes });
}

/** Takes back a claimed attempt that turned out to be no guess (the password was right, the code not yet asked for). */
export async function releaseAttempt(db: DbOrTx, id: number): Promise<void> {
  const prev = sql`greatest(${staffUsers.loginFailures} - 1, 0)`;
  await db.update(staffUsers).set({ loginFailures: prev, lockedUntil: null }).where(eq(staffUsers.id, id));
}

/** A successful login (or code) clears the count. */
export async function clearFailures(db: DbOrTx, id: number): Promise<void> {
  await db.update(staffUsers).set({ loginFailures: 0, lockedUntil: null }).where(eq(staffUsers.id, id));
}

/** Audits a failed attempt; and the lock, when this failure started one. */
export async function auditFailure(
  ctx: AppContext,
  actor: StaffContext | null,
  s: { id: number; username: string },
  failures: number,
  reason: 'password' | 'totp' | 'inactive',
  ip: string,
  action = 'staff.loginFailed',
): Promise<void> {
  await writeAudit(ctx.db, actor, {
    action,
    targetKind: 'staff',
    targetId: s.id,
    after: { username: s.username, reason, failures },
    ip,
  });
  const minutes = lockMinutes(failures);
  if (minutes)
    await writeAudit(ctx.db, actor, {
      action: 'staff.locked',
      targetKind: 'staff',
      targetId: s.id,
      after: { username: s.username, failures, minutes },
      ip,
    });
}

/** An admin lifts a lock-out (and clears the count). */
export async function unlockStaff(ctx: AppContext, actor: StaffContext, id: number, ip: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
    if (!before) throw notFound();
    await clearFailures(tx, id);
    await writeAudit(tx, actor, {
      action: 'staff.unlock',
      targetKind: 'staff',
      targetId: id,
      before: { failures: before.loginFailures, lockedUntil: before.lockedUntil?.toISOString() ?? null },
      after: { failures: 0, lockedUntil: null },
      ip,
    });
  });
}
