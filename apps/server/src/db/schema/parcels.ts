import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';

/** Where a parcel stands by its carrier's latest word (null: nothing heard from the carrier yet). */
export const PARCEL_STATES = ['transit', 'delivering', 'signed', 'returned', 'refused', 'problem'] as const;

/**
 * One shipped order's parcel as the tracking party sees it: subscribed once when shipped, its
 * latest state and the time of its latest carrier event (for the stale sweep and the problem queue).
 * The events themselves are trace_events rows of its waybill.
 */
export const parcels = pgTable(
  'parcels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    waybillNo: text().notNull(),
    /** The tracking party's carrier code (Kuaidi100: ems, shunfeng, ...); null when the carrier is not one it knows. */
    carrierCode: text(),
    /** Which party the parcel was registered with: sandbox, kuaidi100 or none (staff-written events only). */
    provider: text().notNull(),
    subscribedAt: timestamp({ withTimezone: true }),
    /** The party's refusal or the failure of the last subscription attempt (the sweep tries again). */
    subscribeError: text(),
    state: text({ enum: PARCEL_STATES }),
    lastEventAt: timestamp({ withTimezone: true }),
    /** Last push or query received for it. */
    checkedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('parcels_order_uq').on(t.orderId),
    index('parcels_waybill_idx').on(t.waybillNo),
    index('parcels_state_idx').on(t.state, t.lastEventAt),
  ],
);
