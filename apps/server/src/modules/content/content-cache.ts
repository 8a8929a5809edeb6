/**
 * In-memory cache of public content reads. Entries live at most TTL_MS so other
 * instances behind a load balancer catch up with an edit within that time; on
 * this instance the staff console calls invalidateContentCache() after every edit.
 */
const TTL_MS = 60_000;

interface Entry {
  expires: number;
  generation: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();
let generation = 0;

/** The cached value of key, computed by load when missing or stale; a failed load is not kept. */
export function cached<T>(key: string, load: () => Promise<T>, ttlMs = TTL_MS): Promise<T> {
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now && hit.generation === generation) return hit.value as Promise<T>;
  const gen = generation;
  const value = load();
  entries.set(key, { expires: now + ttlMs, generation: gen, value });
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
}

/** Forget every cached content read (after a staff edit of banners, notices, news, forms, FAQ, centres, pages). */
export function invalidateContentCache(): void {
  generation += 1;
  entries.clear();
}
