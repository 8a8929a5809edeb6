/**
 * What the centralised (task) orders area offers the other areas: nothing yet. Its routes are
 * registered by app.ts (routes.ts), its seed by the demo seed; another area that needs it imports
 * from this file only (ARCHITECTURE.md, "Layers").
 */
export {};
