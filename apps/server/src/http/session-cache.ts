import type { Db } from '../db/client.ts';

/** What the auth guard reads of a session and its member. */
export interface SessionRow {
  sessionId: number;
  memberId: number;
  randomKey: string;
  lastSeenAt: Date;
  isFirst: boolean;
  status: string;
  mobile: string | null;
  mail: string | null;
}

/** The NOTIFY channel of the triggers on sessions and members (migration session_change_notify). */
export const SESSION_CHANNEL = 'member_session';

/** Sessions per instance; a row is a few hundred bytes. */
const MAX_ENTRIES = 50_000;
/** A bound on any entry's life, as a second line of defence only: notifications keep entries true. */
const ENTRY_MS = 60_000;

interface Entry {
  row: SessionRow;
  expires: number;
}

/**
 * Live sessions kept per instance, so a member call does not spend a database round trip on its
 * session (a third of the cost of a cached order list at the season's peak).
 *
 * An entry may outlive its session on another instance by the time a notification takes to arrive
 * (a few milliseconds after the logout was acknowledged). So the guard (http/auth.ts) serves it only
 * to routes whose own read confirms the session in its round trip (the order list and page,
 * `confirmsSession`), which refuse a session ended anywhere, and on the embedded database, which
 * one process owns; every other member route reads the session from PostgreSQL. Entries are
 * forgotten as soon as this instance knows:
 * - triggers on sessions and members NOTIFY the member id on commit, whoever wrote, and every
 *   instance listening forgets that member's entries;
 * - this instance's own writes forget at once as well (forgetMember), so the reply that follows a
 *   logout never meets the old entry before the notification has arrived;
 * - a lookup that began before a forget does not store what it read (the ticket), since it may
 *   have read the row as it was before the write;
 * - while the listening connection is down nothing is served from memory.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byMember = new Map<number, Set<string>>();
  private forgets = 0;
  private live = false;

  /** Called by the listener: off clears everything, since notifications may have been missed. */
  setLive(on: boolean): void {
    this.live = on;
    this.forgets += 1;
    if (!on) {
      this.entries.clear();
      this.byMember.clear();
    }
  }

  get(tokenHash: string): SessionRow | undefined {
    if (!this.live) return undefined;
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.expires < Date.now()) {
      this.remove(tokenHash, e.row.memberId);
      return undefined;
    }
    return e.row;
  }

  /** Taken before reading the database; put stores only if nothing was forgotten since. */
  ticket(): number {
    return this.forgets;
  }

  put(tokenHash: string, row: SessionRow, ticket: number): void {
    if (!this.live || ticket !== this.forgets) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const [oldest, e] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldest, e.row.memberId);
    }
    this.entries.set(tokenHash, { row, expires: Date.now() + ENTRY_MS });
    let set = this.byMember.get(row.memberId);
    if (!set) this.byMember.set(row.memberId, (set = new Set()));
    set.add(tokenHash);
  }

  forgetMember(memberId: number): void {
    this.forgets += 1;
    for (const hash of this.byMember.get(memberId) ?? []) this.entries.delete(hash);
    this.byMember.delete(memberId);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(tokenHash: string, memberId: number): void {
    this.entries.delete(tokenHash);
    const set = this.byMember.get(memberId);
    set?.delete(tokenHash);
    if (set?.size === 0) this.byMember.delete(memberId);
  }
}

/** The database and this instance's session cache (both on the app context). */
export interface SessionOwner {
  db: Db;
  sessionCache: SessionCache;
}

/** This instance changed a member's sessions or guard fields: forget them now, not on the notification. */
export function forgetMemberSessions(owner: Pick<SessionOwner, 'sessionCache'>, memberId: number): void {
  owner.sessionCache.forgetMember(memberId);
}
