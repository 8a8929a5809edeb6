/**
 * What the orders area offers the other areas (ARCHITECTURE.md, "Layers"): an order's one life
 * (createOrder, and transition(), the one writer of its state), its reads and field updates, who
 * owns it, its facts and answers, its lines' photos, the same-face and national checks, and the
 * console's branch scope and lookups. Its plugins (routes.ts, staff-routes.ts,
 * staff-dashboard-routes.ts) are registered by the app's assembly, not through this file.
 */
export type { OrderRow } from './order-row.ts';
export {
  anonymiseOrders,
  createOrder,
  orderById,
  removeUnpaidOrder,
  updateOrderFields,
  updateOrderFieldsIn,
  type DetailRow,
} from './repo.ts';
export { forceStateForDemo, mayTransition, transition, type OrderActor, type TransitionDetails } from './transition.ts';
export { factsOf, personAnswer } from './present.ts';
export { lineToOrder, liveOrder } from './conditions.ts';
export { linePhotoId, linePhotoUrl, staffLinePhotoUrl } from './photo-link.ts';
export { ANY_KIND, ownedOrder } from './ownership.ts';
export { assertDistinctFaces, nationalRejections } from './photo-issues.ts';
export { branchScope, findOrder, findOrders } from './staff-repo.ts';
export { personsOf } from './staff-persons.ts';
export { photoConsent } from './service.ts';
