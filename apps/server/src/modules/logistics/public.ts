/**
 * What the logistics area offers the other areas (ARCHITECTURE.md, "Layers"): the staff's ship and
 * delivery actions (shipping.ts, through transition()) and the carrier subscription of new parcels.
 */
export { deliverOrder, shipOrder, type Shipment } from './shipping.ts';
export { subscribeParcels } from './parcel-service.ts';
