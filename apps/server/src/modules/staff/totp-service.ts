import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { verify as verifyPassword } from '@node-rs/argon2';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import {
  TOTP_PENDING_MINUTES,
  type StaffMe,
  type TotpDisableBody,
  type TotpEnrolmentInfo,
} from '@portal/contract/console';
import type { AppContext } from '../../context.ts';
import { staffUsers } from '../../db/schema.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from './audit.ts';
import { staffRowById, toMe, type StaffRow } from './staff-row.ts';
import { attemptSucceeded, auditFailure, claimAttempt } from './lockout.ts';

const ISSUER = 'Photo portal console';
/** 30-second steps; one step either side is accepted for clock drift. */
const TOLERANCE_SECONDS = 30;

/**
 * TOTP secrets are stored encrypted with the data key (a database dump alone must not let anyone
 * mint codes). A secret written before encryption (plain base32) is still read as it is.
 */
function readSecret(ctx: AppContext, stored: string): string {
  return stored.startsWith('v1.') ? ctx.pii.decrypt(stored) : stored;
}

/** The time step a code matches (±1 step), or null; steps at or before `after` are refused (replay). */
export async function matchCode(secret: string, code: string, after: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const r = await verifyTotp({
    secret,
    token: code,
    epochTolerance: TOLERANCE_SECONDS,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return r.valid && 'timeStep' in r ? r.timeStep : null;
}

/**
 * Accepts an active account's code once: the step is recorded with a conditional update, so the same
 * code (or an older one) presented again, even concurrently, is refused.
 */
export async function useActiveCode(ctx: AppContext, s: StaffRow, code: string): Promise<boolean> {
  if (!s.totpSecret) return false;
  const step = await matchCode(readSecret(ctx, s.totpSecret), code, s.totpLastStep);
  if (step === null) return false;
  const done = await ctx.db
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffUsers.id, s.id),
        eq(staffUsers.totpSecret, s.totpSecret),
        or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffUsers.id });
  return done.length === 1;
}

/** Starts (or restarts) enrolment of one's own account: a new pending secret, answered this once. */
export async function startEnrolment(ctx: AppContext, staff: StaffContext, ip: string): Promise<TotpEnrolmentInfo> {
  const s = await staffRowById(ctx.db, staff.staffId);
  if (s.totpSecret) throw conflict('console.totpAlreadyOn');
  const secret = generateSecret();
  const expiresAt = new Date(Date.now() + TOTP_PENDING_MINUTES * 60_000);
  await ctx.db
    .update(staffUsers)
    .set({ totpPendingSecret: ctx.pii.encrypt(secret), totpPendingExpiresAt: expiresAt })
    .where(eq(staffUsers.id, s.id));
  await writeAudit(ctx.db, staff, {
    action: 'staff.totpEnrolStart',
    targetKind: 'staff',
    targetId: s.id,
    after: { expiresAt: expiresAt.toISOString() },
    ip,
  });
  return { uri: generateURI({ issuer: ISSUER, label: s.username, secret }), expiresAt: expiresAt.toISOString() };
}

/** The first code from the authenticator: TOTP becomes active only when it matches the pending secret. */
export async function confirmEnrolment(
  ctx: AppContext,
  staff: StaffContext,
  code: string,
  ip: string,
): Promise<StaffMe> {
  const s = await staffRowById(ctx.db, staff.staffId);
  if (s.totpSecret) throw conflict('console.totpAlreadyOn');
  const pending = s.totpPendingSecret;
  if (!pending || !s.totpPendingExpiresAt || s.totpPendingExpiresAt.getTime() <= Date.now()) {
    if (pending)
      await ctx.db
        .update(staffUsers)
        .set({ totpPendingSecret: null, totpPendingExpiresAt: null })
        .where(eq(staffUsers.id, s.id));
    await writeAudit(ctx.db, staff, {
      action: 'staff.totpEnrolFailed',
      targetKind: 'staff',
      targetId: s.id,
      after: { reason: pending ? 'expired' : 'none' },
      ip,
    });
    throw badRequest('console.totpNoPending');
  }
  const step = await matchCode(readSecret(ctx, pending), code, null);
  if (step === null) {
    await writeAudit(ctx.db, staff, {
      action: 'staff.totpEnrolFailed',
      targetKind: 'staff',
      targetId: s.id,
      after: { reason: 'code' },
      ip,
    });
    throw badRequest('console.totpEnrolInvalid');
  }
  // Single use: only the request that still finds this pending secret activates it.
  const [done] = await ctx.db
    .update(staffUsers)
    .set({ totpSecret: pending, totpPendingSecret: null, totpPendingExpiresAt: null, totpLastStep: step })
    .where(and(eq(staffUsers.id, s.id), eq(staffUsers.totpPendingSecret, pending), isNull(staffUsers.totpSecret)))
    .returning();
  if (!done) throw badRequest('console.totpNoPending');
  await writeAudit(ctx.db, staff, {
    action: 'staff.totpEnabled',
    targetKind: 'staff',
    targetId: s.id,
    before: { totp: false },
    after: { totp: true },
    ip,
  });
  return toMe(done);
}

/** Switches one's own TOTP off with a current code or the password. */
export async function disableOwn(
  ctx: AppContext,
  staff: StaffContext,
  body: TotpDisableBody,
  ip: string,
): Promise<StaffMe> {
  const s = await staffRowById(ctx.db, staff.staffId);
  if (!s.totpSecret) throw badRequest('console.totpNotOn');
  const by = body.code ? 'code' : 'password';
  // Guesses here count toward the account's lock-out like failed logins (auth-lockout.ts).
  const attempt = await claimAttempt(ctx, s.username, ip);
  const proven = body.code
    ? await useActiveCode(ctx, s, body.code)
    : s.passwordHash.startsWith('$argon2') && (await verifyPassword(s.passwordHash, body.password!));
  if (!proven) {
    await auditFailure(ctx, staff, s, attempt.failures, body.code ? 'totp' : 'password', ip, 'staff.totpDisableFailed');
    throw badRequest(by === 'code' ? 'console.totpInvalid' : 'console.passwordWrong');
  }
  const [done] = await ctx.db
    .update(staffUsers)
    .set({
      totpSecret: null,
      totpPendingSecret: null,
      totpPendingExpiresAt: null,
      totpLastStep: null,
    })
    .where(eq(staffUsers.id, s.id))
    .returning();
  await attemptSucceeded(ctx.db, attempt);
  await writeAudit(ctx.db, staff, {
    action: 'staff.totpDisabled',
    targetKind: 'staff',
    targetId: s.id,
    before: { totp: true },
    after: { totp: false, by },
    ip,
  });
  return toMe(done);
}

/** An admin clears another account's TOTP (a lost phone); the owner enrols again after logging in. */
export async function resetTotp(ctx: AppContext, actor: StaffContext, id: number, ip: string): Promise<void> {
  const s = await staffRowById(ctx.db, id);
  await ctx.db
    .update(staffUsers)
    .set({ totpSecret: null, totpPendingSecret: null, totpPendingExpiresAt: null, totpLastStep: null })
    .where(eq(staffUsers.id, id));
  await writeAudit(ctx.db, actor, {
    action: 'staff.totpReset',
    targetKind: 'staff',
    targetId: id,
    before: { totp: !!s.totpSecret, pending: !!s.totpPendingSecret },
    after: { totp: false },
    ip,
  });
}
