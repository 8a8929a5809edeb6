import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captchas, rateCounters, verificationCodes } from '../../db/schema.ts';

const windowStart = (windowSeconds: number, now: number) =>
  new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);

/**
 * Adds one to a fixed-window counter shared by every instance (see ARCHITECTURE.md, "Growing past one machine") and
 * returns the new count for the window.
 */
export async function bump(db: DbOrTx, key: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: windowStart(windowSeconds, now), count: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + 1` },
    })
    .returning({ count: rateCounters.count });
  return row.count;
}

/** Takes back one count of the current window (a send the provider refused costs the number nothing). */
export async function unbump(db: DbOrTx, key: string, windowSeconds: number, now = Date.now()): Promise<void> {
  await db
    .update(rateCounters)
    .set({ count: sql`greatest(${rateCounters.count} - 1, 0)` })
    .where(and(eq(rateCounters.key, key), eq(rateCounters.windowStart, windowStart(windowSeconds, now))));
}

/** The network an address belongs to: its /24 for IPv4 (and IPv4-mapped IPv6), its /48 for IPv6. */
export function networkOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}

/** How long each kind of row outlives its use (README, "How long code data lives"). */
export const RETENTION = { counterDays: 2, captchaHours: 1, codeHours: 24 } as const;

/**
 * Deletes counters whose window ended more than 2 days ago (hourly and daily windows alike),
 * captchas an hour past expiry (they carry the hashed target) and codes a day past expiry
 * (they carry the mobile or e-mail). Idempotent, so every instance may run it.
 */
export async function purgeExpired(db: DbOrTx, now = Date.now()): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now - RETENTION.counterDays * 86_400_000)));
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date(now - RETENTION.captchaHours * 3_600_000)));
  await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.expiresAt, new Date(now - RETENTION.codeHours * 3_600_000)));
}

let lastPurge = 0;
/** Runs purgeExpired at most every 10 minutes per process, after a code is sent. */
export function purgeSometimes(db: DbOrTx, log: { warn: (o: object, m: string) => void }, now = Date.now()): void {
  if (now - lastPurge < 600_000) return;
  lastPurge = now;
  purgeExpired(db, now).catch((e: unknown) => log.warn({ err: e }, 'purging expired code data failed'));
}
