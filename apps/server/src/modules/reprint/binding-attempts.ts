import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { tooMany } from '../../http/errors.ts';
import { bump, unbump } from '../auth/public.ts';
import { writeAudit } from '../staff/public.ts';

/**
 * Identity proofs when binding, counted per member and per student record in a one-day
 * window shared by every instance: guessing a document number stops after
 * BIND_FAILURES_PER_DAY failures either way (one member trying many records, or many
 * accounts trying one record). A try is counted before the number is checked and given
 * back when it proves identity, so a burst of parallel guesses cannot outrun the count.
 */
export const BIND_FAILURES_PER_DAY = 5;
const DAY = 86_400;

export interface BindTry {
  memberId: number;
  yxdm: string;
  studentId: string;
  ip: string | null;
  /** The counting window is fixed when the try starts. */
  now: number;
}

/** Counter keys carry a keyed hash of the record, never the student number itself (like the code counters). */
const keysOf = (ctx: AppContext, t: BindTry) => [
  `bind-fail:member:${t.memberId}`,
  `bind-fail:student:${ctx.pii.blindIndex(`bind-student:${t.yxdm}:${t.studentId}`).slice(0, 32)}`,
];

/** The try's ordinal today for the member and for the record. */
export interface TryCount {
  member: number;
  student: number;
}

/** Counts the try; 429 when the member or the record had already used up the day's failures. */
export async function startTry(ctx: AppContext, t: BindTry): Promise<TryCount> {
  const [memberKey, studentKey] = keysOf(ctx, t);
  const n = await withTx(ctx, async ({ db: tx }) => ({
    member: await bump(tx, memberKey!, DAY, t.now),
    student: await bump(tx, studentKey!, DAY, t.now),
  }));
  if (n.member > BIND_FAILURES_PER_DAY || n.student > BIND_FAILURES_PER_DAY) throw tooMany('reprint.tooManyAttempts');
  return n;
}

/** The try proved identity (or failed for another reason than the number): it does not count. */
export async function giveBackTry(ctx: AppContext, t: BindTry): Promise<void> {
  for (const key of keysOf(ctx, t)) await unbump(ctx.db, key, DAY, t.now);
}

/**
 * The try failed the proof and stays counted. The failure that uses up the member's or the
 * record's tries writes an audit row (never the number tried) and answers 429 instead of the mismatch.
 */
export async function failedTry(
  ctx: AppContext,
  t: BindTry,
  n: TryCount,
  nationalStudentId: number | null,
): Promise<void> {
  const { member: m, student: s } = n;
  if (m !== BIND_FAILURES_PER_DAY && s !== BIND_FAILURES_PER_DAY) return;
  const where = { yxdm: t.yxdm, studentId: t.studentId, nationalStudentId };
  await withTx(ctx, async ({ db: tx }) => {
    if (m === BIND_FAILURES_PER_DAY)
      await writeAudit(tx, null, {
        action: 'binding.locked',
        targetKind: 'member',
        targetId: t.memberId,
        after: { ...where, failures: m },
        ip: t.ip,
      });
    if (s === BIND_FAILURES_PER_DAY) {
      await writeAudit(tx, null, {
        action: 'binding.locked',
        targetKind: 'student',
        targetId: `${t.yxdm}:${t.studentId}`,
        after: { memberId: t.memberId, ...where, failures: s },
        ip: t.ip,
      });
    }
  });
  throw tooMany('reprint.tooManyAttempts');
}
