import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { taskStudentProofs } from '../../db/schema.ts';
import { badRequest, tooMany } from '../../http/errors.ts';
import type { NationalStudent } from '../../providers/national.ts';
import { bump, unbump } from '../auth/public.ts';
import { writeAudit } from '../staff/public.ts';

/**
 * The identity proof of the centralised flow: before the form opens (and before an order is
 * created) the member proves being the platform's student with the last 4 characters of the
 * record's ID number, as the operator's mini-programme asks. Failures are counted like reprint
 * binding attempts: per member and per record in a one-day window shared by every instance
 * (modules/auth/counters.ts); a try is counted before the characters are compared and given back
 * when it proves identity, so parallel guesses cannot outrun the count.
 */
export const PROOF_FAILURES_PER_DAY = 5;
/** A proof opens the form for this long; the order must be created within it. */
export const PROOF_SECONDS = 3600;
const DAY = 86_400;

export interface ProofTry {
  memberId: number;
  yxdm: string;
  xh: string;
  ip: string | null;
  now: number;
}

/** Counter keys carry a keyed hash of the record, never the student number itself. */
const keysOf = (ctx: AppContext, t: ProofTry) => [
  `task-proof-fail:member:${t.memberId}`,
  `task-proof-fail:student:${ctx.pii.blindIndex(`task-student:${t.yxdm}:${t.xh}`).slice(0, 32)}`,
];

/** The last 4 characters match the record's ID number (X in any case), compared in constant time. */
export function last4Matches(zjhm: string, idLast4: string): boolean {
  const want = Buffer.from(zjhm.trim().slice(-4).toUpperCase());
  const got = Buffer.from(idLast4.trim().toUpperCase());
  return zjhm.trim().length >= 4 && want.length === got.length && crypto.timingSafeEqual(want, got);
}

/**
 * Checks the characters against the record; on success keeps a proof for the member, the task
 * and the record. 400 on a mismatch; 429 once the member or the record used up the day's failures
 * (the failure that uses them up writes an audit row, never the characters tried).
 */
export async function proveRecord(
  ctx: AppContext,
  t: ProofTry,
  taskId: number,
  student: NationalStudent,
  idLast4: string,
): Promise<void> {
  const [memberKey, studentKey] = keysOf(ctx, t);
  const n = await withTx(ctx, async ({ db: tx }) => ({
    member: await bump(tx, memberKey!, DAY, t.now),
    student: await bump(tx, studentKey!, DAY, t.now),
  }));
  if (n.member > PROOF_FAILURES_PER_DAY || n.student > PROOF_FAILURES_PER_DAY) throw tooMany('task.tooManyProofs');
  if (last4Matches(student.zjhm, idLast4)) {
    for (const key of [memberKey!, studentKey!]) await unbump(ctx.db, key, DAY, t.now);
    await keepProof(ctx.db, t.memberId, taskId, student.xh, new Date(t.now + PROOF_SECONDS * 1000));
    return;
  }
  if (n.member !== PROOF_FAILURES_PER_DAY && n.student !== PROOF_FAILURES_PER_DAY) throw badRequest('task.proofWrong');
  const where = { yxdm: t.yxdm, xh: t.xh, taskId };
  await withTx(ctx, async ({ db: tx }) => {
    if (n.member === PROOF_FAILURES_PER_DAY)
      await writeAudit(tx, null, {
        action: 'task.proofLocked',
        targetKind: 'member',
        targetId: t.memberId,
        after: { ...where, failures: n.member },
        ip: t.ip,
      });
    if (n.student === PROOF_FAILURES_PER_DAY)
      await writeAudit(tx, null, {
        action: 'task.proofLocked',
        targetKind: 'student',
        targetId: `${t.yxdm}:${t.xh}`,
        after: { memberId: t.memberId, ...where, failures: n.student },
        ip: t.ip,
      });
  });
  throw tooMany('task.tooManyProofs');
}

async function keepProof(db: DbOrTx, memberId: number, taskId: number, xh: string, expiresAt: Date) {
  await db
    .insert(taskStudentProofs)
    .values({ memberId, taskId, xh, expiresAt })
    .onConflictDoUpdate({
      target: [taskStudentProofs.memberId, taskStudentProofs.taskId, taskStudentProofs.xh],
      set: { expiresAt },
    });
}

/** Whether the member holds a live proof of the record for the task. */
export async function hasProof(db: DbOrTx, memberId: number, taskId: number, xh: string, now = new Date()) {
  const [p] = await db
    .select({ id: taskStudentProofs.id })
    .from(taskStudentProofs)
    .where(
      and(
        eq(taskStudentProofs.memberId, memberId),
        eq(taskStudentProofs.taskId, taskId),
        eq(taskStudentProofs.xh, xh),
        gt(taskStudentProofs.expiresAt, now),
      ),
    )
    .limit(1);
  return !!p;
}
