import { and, eq, gt, inArray, like, lt, or, sql } from 'drizzle-orm';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { staffLoginGuards, staffUsers } from '../../db/schema.ts';
import { notFound, tooMany } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { writeAudit } from './audit.ts';

/**
 * Staff login lock-out (wrong passwords and wrong TOTP codes alike), counted in the database so every
 * instance shares it, and keyed by the user name as typed, so an unknown name is counted, locked and
 * answered exactly like a known one. Three counts, each locking from its steps:
 * - per name and address: a stranger's failures lock that name at the stranger's address only;
 * - per name, from every address: rotating addresses lock the name, but not at the addresses the
 *   account logged in from during the last KNOWN_DAYS (the owner's own address still gets in);
 * - per address, over every name: one address trying many names is stopped.
 * A count starts again after a day without failures; a success clears the name's counts; an admin
 * lifts a lock on the staff page.
 */
export const LOCK_STEPS = [
  { failures: 15, minutes: 60 },
  { failures: 10, minutes: 15 },
  { failures: 5, minutes: 1 },
] as const;
/** One address over every name typed. */
export const ADDRESS_STEPS = [
  { failures: 50, minutes: 60 },
  { failures: 20, minutes: 15 },
] as const;
/** An address an account logged in from stays its own this long. */
export const KNOWN_DAYS = 90;
/** A count with no failure for this long starts again. */
const QUIET_HOURS = 24;

type Steps = readonly { failures: number; minutes: number }[];

export function lockMinutes(failures: number, steps: Steps = LOCK_STEPS): number {
  return steps.find((s) => failures >= s.failures)?.minutes ?? 0;
}

/** The keys of one attempt: keyed hashes of the name and the address, never either in clear. */
export interface GuardKeys {
  name: string;
  pair: string;
  address: string;
  known: string;
}

const h = (ctx: Pick<AppContext, 'pii'>, s: string) => ctx.pii.blindIndex(s).slice(0, 32);
const nameKey = (ctx: Pick<AppContext, 'pii'>, username: string) => `name:${h(ctx, `staff-name:${username}`)}`;

export function guardKeys(ctx: Pick<AppContext, 'pii'>, username: string, ip: string): GuardKeys {
  const n = h(ctx, `staff-name:${username}`);
  const a = h(ctx, `staff-ip:${ip}`);
  return { name: `name:${n}`, pair: `pair:${n}:${a}`, address: `addr:${a}`, known: `known:${n}:${a}` };
}

const g = staffLoginGuards;
const stale = sql`${g.updatedAt} < now() - make_interval(hours => ${QUIET_HOURS})`;

/** The lock the count `f` (a SQL expression) earns, as a timestamp expression (null: none). */
function lockFor(f: ReturnType<typeof sql>, steps: Steps) {
  const cases = steps.map((s) => sql`when ${f} >= ${s.failures} then now() + make_interval(mins => ${s.minutes})`);
  return sql`case ${sql.join(cases, sql` `)} else null end`;
}

/**
 * Adds one to a count and locks at once when it reaches a step; refuses (429 with the minutes left)
 * when the count is locked now, unless `ignoreLock`. Returns the new count.
 */
async function claim(db: DbOrTx, key: string, steps: Steps, ignoreLock = false): Promise<number> {
  const next = sql`case when ${stale} then 1 else ${g.failures} + 1 end`;
  const unlocked = or(sql`${g.lockedUntil} is null`, sql`${g.lockedUntil} <= now()`);
  const [row] = await db
    .insert(g)
    .values({ key, failures: 1, lockedUntil: null })
    .onConflictDoUpdate({
      target: g.key,
      set: { failures: next, lockedUntil: lockFor(next, steps), updatedAt: sql`now()` },
      ...(ignoreLock ? {} : { setWhere: unlocked }),
    })
    .returning({ failures: g.failures });
  if (row) return row.failures;
  const [locked] = await db.select({ lockedUntil: g.lockedUntil }).from(g).where(eq(g.key, key)).limit(1);
  throw lockedError(locked?.lockedUntil ?? null);
}

export function lockedError(until: Date | null) {
  const minutes = Math.max(1, Math.ceil(((until?.getTime() ?? Date.now()) - Date.now()) / 60_000));
  return tooMany('console.locked', { minutes });
}

/** Whether the account of this name logged in from this address lately. */
async function isKnown(db: DbOrTx, key: string): Promise<boolean> {
  const known = sql`now() - make_interval(days => ${KNOWN_DAYS})`;
  const [row] = await db
    .select({ key: g.key })
    .from(g)
    .where(and(eq(g.key, key), gt(g.updatedAt, known)))
    .limit(1);
  return !!row;
}

export interface Attempt {
  keys: GuardKeys;
  /** The name's count over every address, this attempt included. */
  failures: number;
}

/**
 * Counts an attempt BEFORE its password or code is checked, the same way whether the name exists or
 * not: parallel guesses are each counted, and none gets past a lock. Answers 429 when the address,
 * the name at this address, or the name (at an address the account never logged in from) is locked.
 */
export async function claimAttempt(ctx: AppContext, username: string, ip: string): Promise<Attempt> {
  const keys = guardKeys(ctx, username, ip);
  purgeSometimes(ctx);
  await claim(ctx.db, keys.address, ADDRESS_STEPS);
  await claim(ctx.db, keys.pair, LOCK_STEPS);
  const failures = await claim(ctx.db, keys.name, LOCK_STEPS, await isKnown(ctx.db, keys.known));
  return { keys, failures };
}

/** Takes back a claimed attempt that turned out to be no guess (the password was right, the code not yet asked for). */
export async function releaseAttempt(db: DbOrTx, a: Attempt): Promise<void> {
  const prev = sql`greatest(${g.failures} - 1, 0)`;
  const first = LOCK_STEPS[LOCK_STEPS.length - 1]!.failures;
  for (const key of [a.keys.pair, a.keys.name])
    await db
      .update(g)
      .set({ failures: prev, lockedUntil: sql`case when ${prev} < ${first} then null else ${g.lockedUntil} end` })
      .where(eq(g.key, key));
  await db.update(g).set({ failures: prev }).where(eq(g.key, a.keys.address));
}

/** A successful login (or proof): the name's counts are cleared and the address becomes one of its own. */
export async function attemptSucceeded(db: DbOrTx, a: Attempt): Promise<void> {
  await db.delete(g).where(inArray(g.key, [a.keys.pair, a.keys.name]));
  await db
    .insert(g)
    .values({ key: a.keys.known, failures: 0 })
    .onConflictDoUpdate({ target: g.key, set: { updatedAt: sql`now()` } });
}

/** Clears a name's counts and locks at every address (an admin's unlock). Its own addresses stay. */
export async function clearName(ctx: Pick<AppContext, 'pii'>, db: DbOrTx, username: string): Promise<void> {
  const n = nameKey(ctx, username);
  await db.delete(g).where(or(eq(g.key, n), like(g.key, `pair:${n.slice(5)}:%`)));
}

/** The name-wide count and lock of each user name (the staff list), as the lock-out reads them now. */
export async function nameStates(
  ctx: Pick<AppContext, 'pii' | 'db'>,
  usernames: string[],
): Promise<Map<string, { failures: number; lockedUntil: Date | null }>> {
  const byKey = new Map(usernames.map((u) => [nameKey(ctx, u), u]));
  const out = new Map<string, { failures: number; lockedUntil: Date | null }>();
  if (!byKey.size) return out;
  const rows = await ctx.db
    .select({ key: g.key, failures: g.failures, lockedUntil: g.lockedUntil, updatedAt: g.updatedAt })
    .from(g)
    .where(inArray(g.key, [...byKey.keys()]));
  const now = Date.now();
  for (const r of rows) {
    const fresh = now - r.updatedAt.getTime() < QUIET_HOURS * 3_600_000;
    out.set(byKey.get(r.key)!, {
      failures: fresh ? r.failures : 0,
      lockedUntil: r.lockedUntil && r.lockedUntil.getTime() > now ? r.lockedUntil : null,
    });
  }
  return out;
}

/** Audits a failed attempt; and the lock, when this failure started one. An unknown name is audited by name. */
export async function auditFailure(
  ctx: AppContext,
  actor: StaffContext | null,
  s: { id: number | null; username: string },
  failures: number,
  reason: 'password' | 'totp' | 'inactive' | 'unknown',
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
  await withTx(ctx, async ({ db: tx }) => {
    const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
    if (!before) throw notFound();
    const state = (await nameStates({ pii: ctx.pii, db: tx }, [before.username])).get(before.username);
    await clearName(ctx, tx, before.username);
    await writeAudit(tx, actor, {
      action: 'staff.unlock',
      targetKind: 'staff',
      targetId: id,
      before: { failures: state?.failures ?? 0, lockedUntil: state?.lockedUntil?.toISOString() ?? null },
      after: { failures: 0, lockedUntil: null },
      ip,
    });
  });
}

let lastPurge = 0;
/** Deletes counts quiet for two days and own addresses older than KNOWN_DAYS, at most every 10 minutes per process. */
function purgeSometimes(ctx: AppContext, now = Date.now()): void {
  if (now - lastPurge < 600_000) return;
  lastPurge = now;
  const countsGone = and(
    sql`${g.key} not like 'known:%'`,
    lt(g.updatedAt, new Date(now - 2 * 86_400_000)),
    or(sql`${g.lockedUntil} is null`, lt(g.lockedUntil, new Date(now))),
  );
  const knownGone = and(like(g.key, 'known:%'), lt(g.updatedAt, new Date(now - KNOWN_DAYS * 86_400_000)));
  ctx.db
    .delete(g)
    .where(or(countsGone, knownGone))
    .catch(() => {});
}
