/**
 * What the addresses area offers the other areas: nothing yet. Its routes are registered by app.ts
 * (routes.ts); another area that needs a member's addresses adds the function here and imports it
 * from this file, never from the area's inner files (ARCHITECTURE.md, "Layers").
 */
export {};
