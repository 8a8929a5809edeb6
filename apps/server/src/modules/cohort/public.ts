/**
 * What the school-cohort area offers the others: the order line of one of a school's students
 * (the review area's school reset). Its console routes (staff-routes.ts) are registered by the
 * console assembly; another area imports from this file only (ARCHITECTURE.md, "Layers").
 */
export { cohortPerson } from './service.ts';
