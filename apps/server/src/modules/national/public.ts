/**
 * What the national area offers the other areas (ARCHITECTURE.md, "Layers"): a valid demo ID
 * number, for the demo hooks that make national records.
 */
export { makeIdNumber } from './seed.ts';
