import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { traceEvents } from '../db/schema.ts';
import { SANDBOX_TRANSIT } from '../modules/logistics/trace-events.ts';

export interface TraceEvent {
  opCode: string;
  opTime: Date;
  opDesc: string;
}

/** The tracking interface (DESIGN section 6): the events of one waybill, oldest first. */
export interface TrackingProvider {
  trace(waybillNo: string, carrier: string | null): Promise<TraceEvent[]>;
}

/** Demo: the events staff actions wrote, plus sandbox transit events between pick-up and delivery. */
export class SandboxTracking implements TrackingProvider {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async trace(waybillNo: string): Promise<TraceEvent[]> {
    const rows = await this.db.select().from(traceEvents).where(eq(traceEvents.waybillNo, waybillNo)).orderBy(asc(traceEvents.opTime), asc(traceEvents.id));
    const events: TraceEvent[] = rows.map((r) => ({ opCode: r.opCode, opTime: r.opTime, opDesc: r.opDesc }));
    const pickup = events.find((e) => e.opCode === '10');
    const delivered = events.find((e) => e.opCode === '80');
    if (pickup) {
      const until = delivered?.opTime ?? this.now();
      for (const t of SANDBOX_TRANSIT) {
        const at = new Date(pickup.opTime.getTime() + t.afterMinutes * 60_000);
        if (at <= until) events.push({ opCode: t.opCode, opTime: at, opDesc: t.opDesc });
      }
    }
    return events.sort((a, b) => a.opTime.getTime() - b.opTime.getTime());
  }
}

/**
 * A carrier or aggregator HTTP API (configured by URL and key): POST { waybillNo, carrier }
 * answering { items: [{ opCode, opTime, opDesc }] }. Staff-written events are merged in.
 */
export class HttpCarrierTracking implements TrackingProvider {
  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly local: SandboxTracking,
  ) {}

  async trace(waybillNo: string, carrier: string | null): Promise<TraceEvent[]> {
    const local = (await this.local.trace(waybillNo)).filter((e) => e.opCode === '10' || e.opCode === '80');
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.key}` },
        body: JSON.stringify({ waybillNo, carrier }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) return local;
      const body = (await res.json()) as { items?: { opCode?: string; opTime?: string; opDesc?: string }[] };
      const remote = (body.items ?? [])
        .filter((i) => i.opTime && i.opDesc)
        .map((i) => ({ opCode: String(i.opCode ?? ''), opTime: new Date(i.opTime!), opDesc: String(i.opDesc) }));
      return [...local, ...remote].sort((a, b) => a.opTime.getTime() - b.opTime.getTime());
    } catch {
      return local;
    }
  }
}

export function trackingProvider(db: Db, env: { url?: string; key?: string } = {}): TrackingProvider {
  const local = new SandboxTracking(db);
  return env.url && env.key ? new HttpCarrierTracking(env.url, env.key, local) : local;
}
