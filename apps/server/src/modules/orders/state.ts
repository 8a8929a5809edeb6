import type { Db } from '../../db/client.ts';
import type { PgQueryable } from '../../db/direct-statement.ts';
import { prepareMemberReads, type MemberReads } from './reads.ts';
import type { OrderListCache } from './list-cache.ts';

/** What the orders area keeps per app: declared here (context.ts ModuleState), made once as the app is built. */
export interface OrdersState {
  /** The member's order list and order page statements, prepared once (reads.ts). */
  memberReads: MemberReads;
  /** This instance's member order lists and pages under their fingerprints (list-cache.ts). */
  orderLists: OrderListCache;
}

declare module '../../context.ts' {
  interface ModuleState {
    memberReads: MemberReads;
    orderLists: OrderListCache;
  }
}

/** The orders area's state for an app on this database (pool: node-postgres' pool on PostgreSQL). */
export function ordersState(db: Db, pool?: PgQueryable): OrdersState {
  return { memberReads: prepareMemberReads(db, pool), orderLists: new Map() };
}
