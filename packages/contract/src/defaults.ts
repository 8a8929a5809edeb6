/**
 * The response-signing secret used when RESPONSE_SECRET is not set. It ships in
 * the web bundle by design (see ARCHITECTURE.md, "Request path"): it detects tampering, it is not a key.
 */
export const DEFAULT_RESPONSE_SECRET = 'portal-response-secret-2026';
/** Inactivity timeout, seconds (document 1, section 9). */
export const INACTIVITY_SECONDS = 1800;
