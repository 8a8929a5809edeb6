import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { schools, staffSessions, staffUsers } from '../../db/schema.ts';
import { branchNameOf } from '../../db/branch-names.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import type { StaffLoginBody, StaffMe, StaffSaveBody, StaffUser } from '@portal/contract/console';
import { writeAudit } from './audit.ts';
import { staffRowById, toMe, type StaffRow } from './staff-row.ts';
import { useActiveCode } from './totp-service.ts';
import { attemptSucceeded, auditFailure, claimAttempt, nameStates, releaseAttempt } from './lockout.ts';

export async function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Compared against when the user name is unknown (or the account cannot log in), so the answer
 * takes as long as a wrong password: user names cannot be told apart by timing.
 */
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hash(randomToken()));

async function passwordMatches(s: StaffRow | undefined, password: string): Promise<boolean> {
  const usable = !!s && s.active && s.passwordHash.startsWith('$argon2');
  const ok = await verify(usable ? s.passwordHash : await dummy(), password);
  return usable && ok;
}

/**
 * Password (argon2) and, when the account has one, the TOTP code. Every attempt is counted before it is
 * checked (lockout.ts), by the name typed and the address, whether or not the name exists: an unknown
 * name runs the same hash, is counted and locked the same way, and gets the same answers.
 */
export async function staffLogin(
  ctx: AppContext,
  body: StaffLoginBody,
  ip: string,
): Promise<{ token: string; staff: StaffMe }> {
  const [s] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.username, body.username)).limit(1);
  const attempt = await claimAttempt(ctx, body.username, ip);
  // Checked whether or not the account exists (against the dummy hash when not).
  const okPassword = await passwordMatches(s, body.password);
  if (!s || !okPassword) {
    const reason = !s ? 'unknown' : s.active ? 'password' : 'inactive';
    await auditFailure(ctx, null, { id: s?.id ?? null, username: body.username }, attempt.failures, reason, ip);
    throw badRequest('console.badLogin');
  }
  if (s.totpSecret) {
    if (!body.totp) {
      // The first step of a two-step login: no guess was made yet.
      await releaseAttempt(ctx.db, attempt);
      throw badRequest('console.totpRequired');
    }
    if (!(await useActiveCode(ctx, s, body.totp))) {
      await auditFailure(ctx, null, s, attempt.failures, 'totp', ip);
      throw badRequest('console.totpInvalid');
    }
  }
  await attemptSucceeded(ctx.db, attempt);
  const token = randomToken();
  await ctx.db.insert(staffSessions).values({ staffId: s.id, tokenHash: sha256(token) });
  await writeAudit(ctx.db, { staffId: s.id }, { action: 'staff.login', targetKind: 'staff', targetId: s.id, ip });
  return { token, staff: toMe(s) };
}

export async function staffLogout(ctx: AppContext, staff: StaffContext): Promise<void> {
  await ctx.db
    .update(staffSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(staffSessions.id, staff.sessionId), isNull(staffSessions.endedAt)));
  await writeAudit(ctx.db, staff, { action: 'staff.logout', targetKind: 'staff', targetId: staff.staffId });
}

export async function staffMe(ctx: AppContext, staff: StaffContext): Promise<StaffMe> {
  return toMe(await staffRowById(ctx.db, staff.staffId));
}

export async function listStaff(ctx: AppContext): Promise<StaffUser[]> {
  const found = await ctx.db
    .select({ s: staffUsers, branchName: branchNameOf(staffUsers.branch) })
    .from(staffUsers)
    .orderBy(asc(staffUsers.id));
  const rows = found.map((r) => r.s);
  const names = new Map(found.map((r) => [r.s.id, r.branchName]));
  const locks = await nameStates(
    ctx,
    rows.map((s) => s.username),
  );
  return rows.map((s) => ({
    ...toMe(s),
    branchName: names.get(s.id) ?? null,
    active: s.active,
    createdAt: s.createdAt.toISOString(),
    loginFailures: locks.get(s.username)?.failures ?? 0,
    lockedUntil: locks.get(s.username)?.lockedUntil?.toISOString() ?? null,
  }));
}

/** Create or update a staff account (admins only). TOTP is enrolled by each account's owner, or reset (totp-service). */
export async function saveStaff(ctx: AppContext, actor: StaffContext, body: StaffSaveBody): Promise<{ id: number }> {
  if (body.role === 'branch' && !body.branch) throw badRequest('console.branchRequired');
  const branch = body.role === 'branch' ? body.branch! : null;
  const schoolCodes = body.role === 'school' ? [...new Set(body.schools ?? [])].sort() : null;
  if (schoolCodes && !schoolCodes.length) throw badRequest('console.schoolsRequired');
  return withTx(ctx, async ({ db: tx }) => {
    if (schoolCodes) {
      const known = await tx.select({ yxdm: schools.yxdm }).from(schools).where(inArray(schools.yxdm, schoolCodes));
      if (known.length !== schoolCodes.length) throw badRequest('console.schoolUnknown');
    }
    const [same] = await tx.select().from(staffUsers).where(eq(staffUsers.username, body.username)).limit(1);
    if (same && same.id !== body.id) throw conflict('console.usernameTaken');
    let id: number;
    if (body.id) {
      const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, body.id)).limit(1);
      if (!before) throw notFound();
      await tx
        .update(staffUsers)
        .set({
          username: body.username,
          name: body.name,
          role: body.role,
          branch,
          schools: schoolCodes,
          ...(body.active === undefined ? {} : { active: body.active }),
          ...(body.password ? { passwordHash: await hash(body.password) } : {}),
        })
        .where(eq(staffUsers.id, body.id));
      id = body.id;
      if (body.active === false)
        await tx
          .update(staffSessions)
          .set({ endedAt: sql`now()` })
          .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.endedAt)));
      await writeAudit(tx, actor, {
        action: 'staff.update',
        targetKind: 'staff',
        targetId: id,
        before: {
          username: before.username,
          name: before.name,
          role: before.role,
          branch: before.branch,
          ...(before.schools ? { schools: before.schools } : {}),
          active: before.active,
          totp: !!before.totpSecret,
        },
        after: {
          username: body.username,
          name: body.name,
          role: body.role,
          branch,
          ...(schoolCodes ? { schools: schoolCodes } : {}),
          active: body.active ?? before.active,
          passwordChanged: !!body.password,
        },
      });
    } else {
      if (!body.password) throw badRequest('console.passwordRequired');
      const [row] = await tx
        .insert(staffUsers)
        .values({
          username: body.username,
          name: body.name,
          role: body.role,
          branch,
          schools: schoolCodes,
          passwordHash: await hash(body.password),
          active: body.active ?? true,
        })
        .returning();
      id = row.id;
      await writeAudit(tx, actor, {
        action: 'staff.create',
        targetKind: 'staff',
        targetId: id,
        after: {
          username: body.username,
          name: body.name,
          role: body.role,
          branch,
          ...(schoolCodes ? { schools: schoolCodes } : {}),
        },
      });
    }
    return { id };
  });
}

/**
 * Demo mode only: an admin with a random password, printed once at first start. Production creates
 * no account by itself and prints nothing secret: the operator runs `npm run admin:create`.
 */
export async function seedConsole(ctx: AppContext): Promise<void> {
  if (!ctx.config.demo) {
    const [admin] = await ctx.db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.role, 'admin'))
      .limit(1);
    if (!admin)
      process.stdout.write('No console admin yet: create the first with `npm run admin:create -- --username <name>`\n');
    return;
  }
  const [any] = await ctx.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.username, 'admin'))
    .limit(1);
  if (any) {
    // The password was printed at the first start only; a newcomer restarting needs the way back.
    process.stdout.write(
      'Demo console: user "admin" at /console (password printed at first start; forgot it? npm run admin:create -- --username admin --reset)\n',
    );
    return;
  }
  const password = randomToken(6);
  await ctx.db
    .insert(staffUsers)
    .values({ username: 'admin', name: '管理员', role: 'admin', passwordHash: await hash(password) });
  process.stdout.write(
    `\nDemo console admin: user "admin", password "${password}" (shown once; console at /console)\n\n`,
  );
}
