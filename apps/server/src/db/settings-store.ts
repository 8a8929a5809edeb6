import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { settings } from './schema.ts';

/**
 * The key-value settings table, read and written by key. A layer below modules and providers: the
 * system module builds the public settings on it, and the national sandbox keeps its test switch in it.
 */
export async function readSetting<T>(ctx: { db: Db }, key: string, fallback: T): Promise<T> {
  const rows = await ctx.db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return rows[0] ? (rows[0].value as T) : fallback;
}

export async function writeSetting(ctx: { db: Db }, key: string, value: unknown): Promise<void> {
  await ctx.db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
