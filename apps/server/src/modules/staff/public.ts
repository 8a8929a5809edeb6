/**
 * What the staff area offers the other areas (ARCHITECTURE.md, "Layers"): the one audit writer
 * (recordAudit, and writeAudit its shorthand for console actions) and an object's audit rows; the
 * first console admin's seed and the password hash the admin command line uses.
 */
export { auditOf, recordAudit, writeAudit, type AuditActor, type AuditEntry } from './audit.ts';
export { hashPassword, seedConsole } from './auth-service.ts';
