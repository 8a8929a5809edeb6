import { eq } from 'drizzle-orm';
import { withTx } from '../../db/tx.ts';
import { bindings } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { BIND_STATUS } from '@portal/contract/enums';
import type { BindingBody } from '@portal/contract/reprint';
import { badRequest, conflict } from '../../http/errors.ts';
import { writeAudit } from '../staff/public.ts';
import * as repo from './repo.ts';
import * as bindingRepo from './binding-repo.ts';
import { failedTry, giveBackTry, startTry, type BindTry } from './binding-attempts.ts';

/** Identity binding for reprints (document 1 section 7), proven with the national record's document number. */

/**
 * findCheckStatus: the latest binding's state, 0 when the member never bound. A binding
 * suspended by a dispute reads as 2 (waiting for customer service), so the member is sent
 * to the page that says to call them.
 */
export async function checkStatus(ctx: AppContext, memberId: number): Promise<number> {
  const b = await repo.latestBinding(ctx.db, memberId);
  if (b?.suspendedAt && (b.state === BIND_STATUS.BOUND || b.state === BIND_STATUS.UNBIND_PENDING))
    return BIND_STATUS.UNBIND_PENDING;
  return b?.state ?? BIND_STATUS.NONE;
}

type Outcome = 'bound' | 'disputeOpened' | 'disputePending';

/**
 * Binds the member to a national student record with a photo on file. The member proves
 * identity with the record's document number (compared by blind index; the name, which a
 * member sets freely, never binds). Failed proofs are limited per member and per record.
 * A record held by another member is not handed over: the proof opens a dispute for staff
 * and suspends the earlier binding until they decide.
 */
export async function bind(ctx: AppContext, memberId: number, body: BindingBody, ip: string | null): Promise<void> {
  const current = await repo.latestBinding(ctx.db, memberId);
  if (current?.suspendedAt && repo.HOLDING_STATES.includes(current.state)) throw conflict('reprint.bindingSuspended');
  if (current?.state === BIND_STATUS.UNBIND_PENDING) throw conflict('reprint.unbindPending');
  if (current?.state === BIND_STATUS.BOUND) throw conflict('reprint.alreadyBound');

  const t: BindTry = { memberId, yxdm: body.yxdm, studentId: body.studentId, ip, now: Date.now() };
  const n = await startTry(ctx, t);
  let found: Awaited<ReturnType<AppContext['national']['verifyStudentIdentity']>>;
  try {
    found = await ctx.national.verifyStudentIdentity(body.yxdm, body.studentId, body.idNum ?? '');
  } catch (e) {
    await giveBackTry(ctx, t);
    throw e;
  }
  if (!found || !found.idMatches) {
    await failedTry(ctx, t, n, found?.student.id ?? null);
    // One answer whether the record exists or the number is wrong: two would tell a guesser
    // which student numbers exist. "Nothing found" asserts no record; a mismatch would.
    throw badRequest('reprint.noPhotoOnFile');
  }
  await giveBackTry(ctx, t);
  const student = found.student;
  if (!student.hasPhoto) throw badRequest('reprint.noPhotoOnFile');

  const outcome = await withTx(ctx, async ({ db: tx }): Promise<Outcome> => {
    await repo.lockIdentity(tx, student.yxdm, student.xh);
    const again = await repo.latestBinding(tx, memberId);
    if (again && repo.HOLDING_STATES.includes(again.state)) throw conflict('reprint.alreadyBound');
    const held = await bindingRepo.holderOf(tx, student.yxdm, student.xh, memberId);
    if (held) {
      if (held.suspendedAt || (await bindingRepo.openDisputeFor(tx, student.yxdm, student.xh))) return 'disputePending';
      const now = new Date();
      await bindingRepo.suspendBinding(tx, held.id, now);
      const d = await bindingRepo.insertDispute(tx, {
        yxdm: student.yxdm,
        studentId: student.xh,
        nationalStudentId: student.id,
        claimantId: memberId,
        heldBindingId: held.id,
      });
      await writeAudit(tx, null, {
        action: 'binding.dispute',
        targetKind: 'binding_dispute',
        targetId: d.id,
        before: { bindingId: held.id, memberId: held.memberId, suspended: false },
        after: { bindingId: held.id, suspended: true, claimantId: memberId },
        ip,
      });
      return 'disputeOpened';
    }
    await repo.insertBinding(tx, {
      memberId,
      yxdm: student.yxdm,
      studentId: student.xh,
      nationalStudentId: student.id,
      provenAt: new Date(),
    });
    return 'bound';
  });
  if (outcome !== 'bound')
    throw conflict(outcome === 'disputeOpened' ? 'reprint.disputeOpened' : 'reprint.disputePending');
}

/** Applies to unbind: state 1 -> 2; customer service approves (3) or refuses (1) in the console. */
/**
 * Withdraws the member's unbind application while it waits for customer service: the binding,
 * locked, must be the member's latest, still pending and not held by a dispute; it is bound again.
 */
export async function cancelUnbind(ctx: AppContext, memberId: number): Promise<void> {
  await withTx(ctx, async ({ db: tx }) => {
    const latest = await repo.latestBinding(tx, memberId);
    if (!latest) throw conflict('reprint.notBound');
    const [b] = await tx.select().from(bindings).where(eq(bindings.id, latest.id)).for('update');
    if (b.memberId !== memberId) throw conflict('reprint.notBound');
    if (b.suspendedAt) throw conflict('reprint.bindingSuspended');
    if (b.state !== BIND_STATUS.UNBIND_PENDING) throw conflict('reprint.noUnbindPending');
    await tx.update(bindings).set({ state: BIND_STATUS.BOUND }).where(eq(bindings.id, b.id));
  });
}

export async function applyUnbind(ctx: AppContext, memberId: number): Promise<void> {
  const b = await repo.latestBinding(ctx.db, memberId);
  if (!b || b.state === BIND_STATUS.NONE || b.state === BIND_STATUS.UNBOUND) throw conflict('reprint.notBound');
  if (b.suspendedAt) throw conflict('reprint.bindingSuspended');
  if (b.state === BIND_STATUS.UNBIND_PENDING) throw conflict('reprint.unbindPending');
  if (!(await repo.setBindingState(ctx.db, b.id, BIND_STATUS.BOUND, BIND_STATUS.UNBIND_PENDING))) throw conflict();
}
