import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxTrades } from '../../db/schema.ts';

export type TradeRow = typeof sandboxTrades.$inferSelect;
export type TradeChange = Partial<Omit<TradeRow, 'paymentNo'>>;

/** A notification claimed for one attempt: where it goes, what it says, and when the next attempt is due. */
export interface ClaimedNotify {
  paymentNo: string;
  channel: TradeRow['channel'];
  body: string;
  nextMs: number;
}

/** Notifications owed for longer than this are given up, as the real platforms stop after a day. */
const GIVE_UP_MS = 24 * 3_600_000;

/**
 * Where the sandbox cashier's trades live: the sandbox_trades table. On PostgreSQL every call reads and
 * writes it (any instance sees every trade). The platform is called from inside the portal's own
 * transactions (reconciliation, refunds), and the embedded database (PGlite) has one connection that such
 * a transaction holds: there one process has the database, so the trades are read from a copy in memory,
 * loaded at start, and written behind in order (`flush` waits for the writes).
 */
export class SandboxTradeStore {
  private readonly copy: Map<string, TradeRow> | null;
  private writes: Promise<void> = Promise.resolve();
  onError: (err: unknown) => void = () => {};

  constructor(
    private readonly db: Db,
    shared: boolean,
  ) {
    this.copy = shared ? null : new Map();
  }

  /** The embedded database: the trades a previous run left, into memory. */
  async load(): Promise<void> {
    if (!this.copy) return;
    for (const r of await this.db.select().from(sandboxTrades)) this.copy.set(r.paymentNo, r);
  }

  async get(paymentNo: string): Promise<TradeRow | undefined> {
    if (this.copy) return this.copy.get(paymentNo);
    const [r] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo));
    return r;
  }

  async create(row: Omit<TradeRow, 'createdAt' | 'updatedAt' | 'notifyAttempts'>): Promise<void> {
    if (!this.copy) {
      await this.db.insert(sandboxTrades).values(row);
      return;
    }
    const now = new Date();
    this.copy.set(row.paymentNo, { ...row, notifyAttempts: 0, createdAt: now, updatedAt: now });
    this.behind(() => this.db.insert(sandboxTrades).values(row));
  }

  /** Changes one trade under its row lock; `change` sees the trade and answers the columns to set (or null). */
  async update<T>(
    paymentNo: string,
    change: (r: TradeRow) => { set: TradeChange | null; answer: T },
  ): Promise<T | undefined> {
    if (this.copy) {
      const r = this.copy.get(paymentNo);
      if (!r) return undefined;
      const { set, answer } = change({ ...r });
      if (set) {
        this.copy.set(paymentNo, { ...r, ...set });
        this.behind(() => this.db.update(sandboxTrades).set(set).where(eq(sandboxTrades.paymentNo, paymentNo)));
      }
      return answer;
    }
    return this.db.transaction(async (tx) => {
      const [r] = await tx.select().from(sandboxTrades).where(eq(sandboxTrades.paymentNo, paymentNo)).for('update');
      if (!r) return undefined;
      const { set, answer } = change(r);
      if (set) await tx.update(sandboxTrades).set(set).where(eq(sandboxTrades.paymentNo, paymentNo));
      return answer;
    });
  }

  /** Waits for the writes made so far (the embedded database); at once on PostgreSQL. */
  flush(): Promise<void> {
    return this.writes;
  }

  private behind(write: () => Promise<unknown>): void {
    this.writes = this.writes.then(write).then(
      () => {},
      (err: unknown) => this.onError(err),
    );
  }

  /**
   * Claims the notifications due now, at most `limit`: rows another instance holds are skipped
   * (FOR UPDATE SKIP LOCKED), and each claimed row's next attempt moves to its back-off, so no other
   * instance sends it meanwhile and a crash before the answer only delays it. Past a day: given up.
   */
  async claimDue(limit: number, backoff: (attempt: number) => number): Promise<ClaimedNotify[]> {
    const now = new Date();
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({
          no: sandboxTrades.paymentNo,
          attempts: sandboxTrades.notifyAttempts,
          since: sandboxTrades.notifySince,
          channel: sandboxTrades.channel,
          body: sandboxTrades.notifyBody,
        })
        .from(sandboxTrades)
        .where(and(isNotNull(sandboxTrades.notifyDueAt), lte(sandboxTrades.notifyDueAt, now)))
        .orderBy(sandboxTrades.notifyDueAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      const out: ClaimedNotify[] = [];
      for (const d of due) {
        const giveUp = !d.body || !d.since || now.getTime() - d.since.getTime() > GIVE_UP_MS;
        const nextMs = backoff(d.attempts + 1);
        await tx
          .update(sandboxTrades)
          .set({ notifyAttempts: d.attempts + 1, notifyDueAt: giveUp ? null : new Date(now.getTime() + nextMs) })
          .where(eq(sandboxTrades.paymentNo, d.no));
        if (!giveUp) out.push({ paymentNo: d.no, channel: d.channel, body: d.body!, nextMs });
      }
      return out;
    });
  }

  /** When the next owed notification is due (any instance's), or null when none is owed. */
  async nextDue(): Promise<Date | null> {
    const [r] = await this.db
      .select({ at: sandboxTrades.notifyDueAt })
      .from(sandboxTrades)
      .where(isNotNull(sandboxTrades.notifyDueAt))
      .orderBy(sandboxTrades.notifyDueAt)
      .limit(1);
    return r?.at ?? null;
  }

  /** Acknowledged: owed no more (unless a newer notification replaced this one meanwhile). */
  async acknowledged(c: ClaimedNotify): Promise<void> {
    await this.db
      .update(sandboxTrades)
      .set({ notifyDueAt: null, notifiedAt: new Date() })
      .where(and(eq(sandboxTrades.paymentNo, c.paymentNo), eq(sandboxTrades.notifyBody, c.body)));
  }
}
