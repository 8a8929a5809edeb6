/**
 * What the content area offers the other areas (ARCHITECTURE.md, "Layers"): its short-lived
 * cache of public reads, which the catalog's public lists share.
 */
export { cached } from './content-cache.ts';
