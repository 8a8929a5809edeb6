import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rateCounters } from '../../db/schema.ts';

/**
 * Adds one to a fixed-window counter shared by every instance (DESIGN 8) and
 * returns the new count for the window.
 */
export async function bump(db: DbOrTx, key: string, windowSeconds: number, now = Date.now()): Promise<number> {
  const start = new Date(Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000);
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateCounters.key, rateCounters.windowStart], set: { count: sql`${rateCounters.count} + 1` } })
    .returning({ count: rateCounters.count });
  return row.count;
}
