import type { Db } from '../../db/client.ts';

/**
 * The member's order list, kept per instance and checked against the database on every call.
 *
 * Students poll their list while they wait for payment, review and shipping, so at the season's
 * peak most list calls see nothing new. Each call still asks the database for the list's
 * fingerprint (reads.ts: every order, line and refund under the list with the transaction that
 * last wrote it), which is one small row; only when it differs is the list read and built again.
 * A write on any instance, by any code path, changes the fingerprint, so no entry is ever served
 * stale and nothing needs to be told to invalidate.
 *
 * Order matters: the fingerprint is read before the list. A change committed between the two
 * reads leaves a newer list under an older fingerprint, which the next call simply rebuilds;
 * the other way round could keep an old list under a new fingerprint.
 */

/** Entries per instance; a list is about 13 KB of objects for 20 orders. */
const MAX_ENTRIES = 2_000;

interface Entry {
  fingerprint: string;
  value: unknown;
}

const byDb = new WeakMap<Db, Map<string, Entry>>();

function entriesOf(db: Db): Map<string, Entry> {
  let m = byDb.get(db);
  if (!m) byDb.set(db, (m = new Map()));
  return m;
}

/** The value under key while the fingerprint still matches, else what build gives (and keeps it). */
export async function fingerprinted<T>(
  db: Db,
  key: string,
  fingerprint: () => Promise<string>,
  build: () => Promise<T>,
): Promise<T> {
  const entries = entriesOf(db);
  const fp = await fingerprint();
  const hit = entries.get(key);
  if (hit && hit.fingerprint === fp) {
    // Map order is insertion order: moving the hit to the end makes the first key the least recently used.
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as T;
  }
  const value = await build();
  entries.delete(key);
  entries.set(key, { fingerprint: fp, value });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return value;
}
