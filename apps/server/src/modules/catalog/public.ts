/**
 * What the catalog area (schools, regions, carriers, tasks) offers the other areas: nothing yet.
 * Its routes are registered by app.ts (routes.ts) and the console (staff-routes.ts), its seed by
 * the demo seed; another area that needs it imports from this file only (ARCHITECTURE.md, "Layers").
 */
export {};
