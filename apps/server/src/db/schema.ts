// The one list of table groups drizzle-kit and the client read.
export * from './schema/members.ts';
export * from './schema/content.ts';
export * from './schema/catalog.ts';
export * from './schema/orders.ts';
export * from './schema/photos.ts';
export * from './schema/payments.ts';
export * from './schema/logistics.ts';
export * from './schema/reprint.ts';
export * from './schema/parcels.ts';
export * from './schema/national.ts';
export * from './schema/national-report.ts';
export * from './schema/staff.ts';
export * from './schema/binding-disputes.ts';
export * from './schema/addresses.ts';
export * from './schema/sandbox-pay.ts';
export * from './schema/review.ts';
export * from './schema/notices.ts';
