/** The user-facing failures live in lib/errors.ts (providers throw them too, and never import http). */
export * from '../lib/errors.ts';
