import type { Lang } from '@portal/contract/i18n';
import type { AppContext } from '../../context.ts';
import * as reads from './reads.ts';
import { orderAnswer } from './present.ts';
import { notLoggedIn } from '../../http/errors.ts';
import { photoLinkHour } from './photo-link.ts';
import { KeptJson } from '../../http/kept-json.ts';

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

export interface Entry {
  fingerprint: string;
  value: unknown;
  /** The database snapshot under which the fingerprint was last read (orderListJson). */
  snapshot?: string;
}

/** Serialized answers sit in the same map under their own keys, so one bound covers both. */
const JSON_KEY = 'json:';

/** This instance's entries, most recently used last: one per app, on its context (state.ts orderLists). */
export type OrderListCache = Map<string, Entry>;

/** Where an app keeps its lists: on its context, made when the app is built. */
export interface OrderListOwner {
  orderLists: OrderListCache;
}

/**
 * The JSON text of the answer under key while the fingerprint still matches, else what build gives
 * serialized (and keeps it): a list read that changed nothing costs the fingerprint's round trip
 * and no work on the list itself, neither building nor serializing it. The key must name
 * everything the text depends on besides the fingerprint (the member, the kind, the language).
 */
export async function fingerprintedJson<T>(
  owner: OrderListOwner,
  key: string,
  fingerprint: () => Promise<string>,
  build: () => Promise<T>,
  serialize: (value: T) => string,
): Promise<string> {
  return fingerprinted(owner, JSON_KEY + key, fingerprint, async () => serialize(await build()));
}

/** The value under key while the fingerprint still matches, else what build gives (and keeps it). */
export async function fingerprinted<T>(
  owner: OrderListOwner,
  key: string,
  fingerprint: () => Promise<string>,
  build: () => Promise<T>,
): Promise<T> {
  const entries = owner.orderLists;
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

/** The member's list as the routes answer it (findOrderList; the same order shape for both kinds). */
export async function buildOrderList(ctx: AppContext, memberId: number, kind: 'individual' | 'reprint', lang: Lang) {
  return (await reads.memberOrderList(ctx.memberReads, memberId, kind)).map(({ refundStatus, lines, ...o }) => ({
    ...orderAnswer(o, lang, { refundStatus, personCount: lines.length }),
    names: lines.map(([name]) => name),
    /** Photo-allowed flag of the order or its first line (download rule). */
    firstPicAllowState: lines[0]?.[1] ?? 0,
  }));
}

/** What a freshness read answers (reads.ts memberOrderListFreshness, memberOrderFreshness). */
interface Freshness {
  snapshot: string;
  /** Null when the snapshot is the one given: the entry's fingerprint still holds. */
  fingerprint: string | null;
  sessionLive: boolean;
}

/**
 * The JSON under key (as UTF-8 bytes), checked in one round trip that also confirms the caller's session
 * (fresh, given the snapshot of the entry's last check): served while the fingerprint holds,
 * else built, serialized and kept. A session ended anywhere is refused here even when the guard
 * took it from this instance's memory.
 */
async function snapshotCheckedJson(
  ctx: AppContext,
  memberId: number,
  key: string,
  fresh: (since: string) => Promise<Freshness>,
  build: () => Promise<string>,
): Promise<KeptJson> {
  const entries = ctx.orderLists;
  const hit = entries.get(key);
  const r = await fresh(hit?.snapshot ?? '');
  if (!r.sessionLive) {
    ctx.sessionCache.forgetMember(memberId);
    throw notLoggedIn();
  }
  const fp = r.fingerprint ?? hit!.fingerprint;
  if (hit && hit.fingerprint === fp) {
    hit.snapshot = r.snapshot;
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as KeptJson;
  }
  // Kept as UTF-8 bytes, and compressed once (http/kept-json.ts).
  const value = new KeptJson(Buffer.from(await build()));
  entries.delete(key);
  entries.set(key, { fingerprint: fp, value, snapshot: r.snapshot });
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  return value;
}

/** The embedded database (PGlite) takes its own freshness read (reads.ts embeddedFreshness). */
const embedded = (ctx: AppContext) => ({ embedded: ctx.dbKind === 'pglite' });

/**
 * findOrderList?type=1 (individual) or 2 (reprint) as JSON text, kept serialized beside the
 * fingerprint under the member, the kind and the language: serialize runs once per change.
 */
export function orderListJson(
  ctx: AppContext,
  member: { memberId: number; sessionId: number },
  type: 1 | 2,
  lang: Lang,
  serialize: (list: Awaited<ReturnType<typeof buildOrderList>>) => string,
): Promise<KeptJson> {
  const { memberId, sessionId } = member;
  const kind = type === 1 ? 'individual' : 'reprint';
  return snapshotCheckedJson(
    ctx,
    memberId,
    `${JSON_KEY}${memberId}:${kind}:${lang}`,
    (since) => reads.memberOrderListFreshness(ctx.memberReads, { memberId, sessionId, kind, since }, embedded(ctx)),
    async () => serialize(await buildOrderList(ctx, memberId, kind, lang)),
  );
}

/**
 * An order page (findOrderAndOrderDetails) as JSON text, kept like the list under the member,
 * the order, the language and the hour its photo links are signed for (photo-service.ts
 * photoUrl), so a kept page never carries a link older than a fresh one would. build reads the
 * order and refuses another member's, so only the owner's own key ever holds a page.
 */
export function orderPageJson(
  ctx: AppContext,
  member: { memberId: number; sessionId: number },
  orderId: number,
  lang: Lang,
  build: () => Promise<string>,
): Promise<KeptJson> {
  const { memberId, sessionId } = member;
  const hour = photoLinkHour();
  return snapshotCheckedJson(
    ctx,
    memberId,
    `${JSON_KEY}${memberId}:order:${orderId}:${lang}:${hour}`,
    (since) => reads.memberOrderFreshness(ctx.memberReads, { memberId, sessionId, orderId, since }, embedded(ctx)),
    build,
  );
}
