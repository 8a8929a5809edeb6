/**
 * What the school-cohort area offers the others: nothing yet. Its console routes (staff-routes.ts)
 * are registered by the console assembly; another area that needs it imports from this file only
 * (ARCHITECTURE.md, "Layers").
 */
export {};
