/**
 * What the console area offers the other areas: nothing. It only mounts the areas' staff routes
 * under /api/console (routes.ts, registered by app.ts) (ARCHITECTURE.md, "Layers").
 */
export {};
