/**
 * What the member area offers the other areas (ARCHITECTURE.md, "Layers"): the member rows as a
 * whole (memberRepo), which auth's logins, registration and account erasure read and write.
 */
export * as memberRepo from './repo.ts';
