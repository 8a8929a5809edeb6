/**
 * What the demo hooks offer the other areas: nothing. Their routes (routes.ts) are registered by
 * app.ts in demo mode only (ARCHITECTURE.md, "Layers").
 */
export {};
