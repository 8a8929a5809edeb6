import type { PARCEL_STATES } from '../db/schema/parcels.ts';

export type ParcelState = (typeof PARCEL_STATES)[number];

export interface TraceEvent {
  opCode: string;
  opTime: Date;
  opDesc: string;
  /** The party's own time was unreadable: opTime is when we received the event (stored once, logistics/parcel-events.ts). */
  timeAsReceived?: boolean;
}

/** Our event codes (carriers' common ones): pick-up 10, transit 20/30, out for delivery 40, signed 80; returned, refused, problem. */
export const STATE_OP_CODE: Record<ParcelState, string> = {
  transit: '30',
  delivering: '40',
  signed: '80',
  returned: '90',
  refused: '91',
  problem: '99',
};

/** One waybill as the party knows it: its latest state and its events, oldest first. */
export interface CarrierTrack {
  waybillNo: string;
  state: ParcelState | null;
  events: TraceEvent[];
  /** Fields the party sent that we could not read, each with the value as received (logged by whoever receives the track). */
  problems?: string[];
}

/** What the party needs to follow a parcel. */
export interface ParcelRef {
  waybillNo: string;
  /** The party's carrier code (carrierCode below). */
  carrierCode: string | null;
  /** The receiver's mobile, sent only to carriers that need it to answer. */
  phone: string | null;
}

export class TrackingError extends Error {}

/** The tracking interface (see ARCHITECTURE.md, "Outside parties"): subscribed once per parcel, pushed to, queried only on demand. */
export interface TrackingParty {
  readonly kind: 'sandbox' | 'kuaidi100' | 'none';
  /** The party's code for one of our carriers by its name, or null when it does not know it. */
  carrierCode(carrierName: string | null): string | null;
  /** Whether the party needs the receiver's mobile for this carrier. */
  needsPhone(carrierCode: string | null): boolean;
  /** Asks the party to push this waybill's events; throws TrackingError when refused. */
  subscribe(p: ParcelRef): Promise<void>;
  /** The waybill's events now (staff "refresh now" and the stale sweep only; never per page view); null when the party has nothing. */
  query(p: ParcelRef): Promise<CarrierTrack | null>;
  /** Events shown beside the stored ones on the trace page (the sandbox's pretend transit). */
  shownBeside(stored: TraceEvent[], now: Date): TraceEvent[];
}

/** Sandbox transit events after pick-up, shown once their time has come. */
const SANDBOX_TRANSIT = [
  { afterMinutes: 1, opCode: '20', opDesc: '快件已发往目的地分拨中心' },
  { afterMinutes: 12 * 60, opCode: '30', opDesc: '快件已到达目的地分拨中心' },
  { afterMinutes: 24 * 60, opCode: '40', opDesc: '快件正在派送中' },
];

/** No tracking party (production without one): the trace shows the events staff actions wrote. */
export class NoTracking implements TrackingParty {
  readonly kind: TrackingParty['kind'] = 'none';
  carrierCode(_name: string | null): string | null {
    return null;
  }
  needsPhone(_code: string | null): boolean {
    return false;
  }
  async subscribe(_p: ParcelRef): Promise<void> {}
  async query(_p: ParcelRef): Promise<CarrierTrack | null> {
    return null;
  }
  shownBeside(_stored: TraceEvent[], _now: Date): TraceEvent[] {
    return [];
  }
}

/** Demo: the staff-written events plus pretend transit events between pick-up and delivery. */
export class SandboxTracking extends NoTracking {
  override readonly kind = 'sandbox' as const;
  override shownBeside(stored: TraceEvent[], now: Date): TraceEvent[] {
    const pickup = stored.find((e) => e.opCode === '10');
    if (!pickup) return [];
    const until = stored.find((e) => e.opCode === '80')?.opTime ?? now;
    return SANDBOX_TRANSIT.map((t) => ({
      opCode: t.opCode,
      opTime: new Date(pickup.opTime.getTime() + t.afterMinutes * 60_000),
      opDesc: t.opDesc,
    })).filter((e) => e.opTime <= until);
  }
}
